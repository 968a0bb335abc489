import type { RequestCtx } from "../../kernel/handler-types";
import { revokeNonSsoSessionsInDomains } from "../auth";
import { findSsoConnection, findSsoDomains } from "./sso.repo";

/**
 * "Require SSO" covers the members whose e-mail is in a verified domain of the workspace from the moment it does so:
 * once it is on (or covers one more domain), their sessions begun by password or social sign-in end at once rather
 * than living on for their 30 days. Sessions begun through single sign-on stay, and so do the owner's (their
 * password is the break-glass way in, docs/single-sign-on.md).
 */
export async function endSessionsSsoNowCovers(ctx: RequestCtx, workspaceId: string): Promise<void> {
  const connection = await findSsoConnection(ctx.db, { workspaceId });
  if (!connection?.requireSso) return;
  const domains = (await findSsoDomains(ctx.db, { workspaceId }))
    .filter((row) => row.verifiedAt !== null)
    .map((row) => row.domain);
  const ended = await revokeNonSsoSessionsInDomains(ctx.db, {
    workspaceId,
    domains,
    reason: "sso-required",
    now: ctx.clock.now(),
  });
  if (ended > 0) {
    ctx.log.info(
      { event: "sso.required.sessions-ended", workspaceId, sessions: ended },
      "Sessions not begun through single sign-on ended",
    );
  }
}
