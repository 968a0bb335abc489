import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import type { UserRow } from "../accounts";
import { logAuthEvent } from "./auth-log";
import { findSsoRequirement } from "./sso-policy.repo";

/** The domain of an e-mail address, lower case ("" when it has none). */
export const emailDomain = (email: string) => (email.trim().split("@").pop() ?? "").toLowerCase();

/**
 * "Require SSO" (docs/single-sign-on.md): a password sign-in or reset, or a social sign-in, of an address in a domain
 * that requires single sign-on is refused with a pointer to "Sign in with SSO", unless the account is the owner of that workspace (their
 * break-glass password). An address without an account is refused the same way, so the answer tells nothing of who
 * has one; an account of another workspace keeps its password, as that workspace governs it.
 */
export async function assertOwnSignInAllowed(
  ctx: RequestCtx,
  p: { email: string; user: UserRow | undefined; event: string },
): Promise<void> {
  const domain = emailDomain(p.email);
  if (!domain) return;
  const requirement = await findSsoRequirement(ctx.db, { domain, now: ctx.clock.now() });
  if (!requirement) return;
  const { user } = p;
  if (user && (user.workspaceId !== requirement.workspaceId || user.role === "owner")) return;
  logAuthEvent(ctx, p.event, {
    outcome: "failure",
    reason: "sso-required",
    ...(user ? { userId: user.id } : { email: p.email }),
  });
  throw new AppError(
    "SSO_REQUIRED",
    403,
    `${domain} signs in with single sign-on. Use "Sign in with SSO" with your work e-mail.`,
  );
}
