import type { components } from "@brandscope/api-client/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { peekOneUseState, putOneUseState, takeOneUseState } from "../../kernel/one-use-state";
import { MINUTE_MS } from "../../lib/clock";
import { networkOf } from "../../lib/network";
import { isSignInBrowser, limitRequests, logAuthEvent, OTHER_BROWSER } from "../auth";
import { SamlResponseError } from "./saml/errors";
import type { SamlIdp } from "./saml/idp-metadata";
import { postgresReplayGuard } from "./saml/saml-replay.repo";
import { type SamlIdentity, verifySamlResponse } from "./saml/verify-response";
import { samlSpOf } from "./service-provider";
import { findSsoConnection, findWorkspaceName } from "./sso.repo";
import { completeSsoSignIn } from "./sso-complete";
import { hasSso } from "./sso-plan";

type Schemas = components["schemas"];

/**
 * A SAML sign-in's outcome between the ACS (a cross-site POST from the IdP's page) and the app's callback page,
 * which redeems it with POST /auth/sso, kept as a one-use state whose secret is the callback page's `handoff`
 * (kernel/one-use-state.ts): either who the IdP vouched for, or the sentence saying why the response was refused.
 * An SP-initiated one is bound to the browser that started it; an IdP-initiated one has none, and signs in only
 * once its person has confirmed the account and workspace it names (docs/single-sign-on.md).
 */
interface SsoHandoff {
  workspaceId: string | null;
  email: string | null;
  subject: string | null;
  refusal: string | null;
}

declare module "../../kernel/one-use-state" {
  interface OneUseStatePayloads {
    "saml-handoff": SsoHandoff;
  }
}

/** The callback page redeems an SP-initiated outcome at once; two minutes leave room for a slow page load. */
const HANDOFF_MS = 2 * MINUTE_MS;
/** An IdP-initiated one waits on its person reading the confirmation screen. */
const CONFIRMED_HANDOFF_MS = 10 * MINUTE_MS;
/**
 * Posts per network (an IPv4 address, an IPv6 /64): a company's people behind one NAT signing in one morning, not a
 * flood of forged responses, each of which costs a signature check.
 */
const ACS_LIMIT = { windowMs: 15 * MINUTE_MS, max: 600 };
const NOT_SET_UP = "Single sign-on with SAML is not set up for this workspace";

/**
 * The workspace's assertion consumer service: verifies the IdP's response (saml/verify-response.ts) against the
 * workspace's IdP, the request this RelayState's sign-in sent (or none: IdP-initiated), the app's clock and the
 * replay guard, and keeps the outcome as a one-use hand-off for the app's callback page, whose URL it answers.
 * Nothing is signed in here: this is a cross-site POST without the browser's cookie, which the redemption checks.
 * An IdP-initiated response has no browser to check (anyone may post one, login CSRF): its hand-off signs in only
 * once its person has confirmed, on the callback page, the account and workspace it names.
 */
export async function receiveSamlResponse(
  ctx: RequestCtx,
  workspaceId: string,
  form: Schemas["SamlResponseForm"],
): Promise<string> {
  await limitRequests(
    ctx,
    { key: `saml-acs:${networkOf(ctx.ip)}`, ...ACS_LIMIT },
    (wait) => `Too many single sign-on attempts. Try again in ${wait}.`,
  );
  const now = ctx.clock.now();
  const pending = form.RelayState
    ? await takeOneUseState(ctx.db, "sso-sign-in", form.RelayState, { match: { protocol: "saml" }, now })
    : undefined;
  // A RelayState of another workspace's sign-in answers nothing here: the response is then judged unsolicited.
  const solicited = pending?.payload.workspaceId === workspaceId ? pending : undefined;
  const connection = await findSsoConnection(ctx.db, { workspaceId });
  const idp = connection?.protocol === "saml" ? connection.samlIdp : null;
  const outcome =
    idp && (await hasSso(ctx.db, { workspaceId, now: ctx.clock.now() }))
      ? await verified(ctx, {
          idp,
          workspaceId,
          form,
          expectedRequestId: solicited?.payload.samlRequestId ?? null,
          now,
        })
      : { refusal: NOT_SET_UP };
  const lifetime = "refusal" in outcome || solicited ? HANDOFF_MS : CONFIRMED_HANDOFF_MS;
  const code = await putOneUseState(ctx.db, "saml-handoff", {
    payload:
      "refusal" in outcome
        ? { workspaceId: null, email: null, subject: null, refusal: `${outcome.refusal}.` }
        : { workspaceId, email: outcome.email, subject: outcome.nameId, refusal: null },
    browserHash: "refusal" in outcome ? null : (solicited?.browserHash ?? null),
    ttlMs: lifetime,
    now,
  });
  return `${ctx.config.appUrl}/auth/sso/callback?handoff=${code}`;
}

/** Who the IdP vouched for, or the sentence why its response is refused (the detail goes to the log only). */
async function verified(
  ctx: RequestCtx,
  p: {
    idp: SamlIdp;
    workspaceId: string;
    form: { SAMLResponse: string };
    expectedRequestId: string | null;
    now: Date;
  },
): Promise<SamlIdentity | { refusal: string }> {
  try {
    const identity = await verifySamlResponse(p.idp, samlSpOf(ctx.config, p.workspaceId), p.form, {
      expectedRequestId: p.expectedRequestId,
      now: p.now,
      replay: postgresReplayGuard(ctx.db),
    });
    ctx.log.info(
      {
        event: "sso.saml.accepted",
        workspaceId: p.workspaceId,
        initiatedBy: p.expectedRequestId ? "sp" : "idp",
      },
      "SAML response accepted",
    );
    return identity;
  } catch (error) {
    if (!(error instanceof SamlResponseError)) throw error;
    // The detail can name certificates and entity ids: the log has it, the browser gets the reason.
    ctx.log.warn(
      { event: "sso.saml.refused", workspaceId: p.workspaceId, code: error.code, detail: error.message },
      "SAML response refused",
    );
    logAuthEvent(ctx, "sso.saml", { outcome: "failure", reason: error.code.toLowerCase() });
    return { refusal: error.reason };
  }
}

const handoffExpired = "This sign-in has expired. Please start again.";

/**
 * A hand-off as its redemption reads it, with the name of the workspace it signs in to. One whose workspace has
 * been deleted since counts as gone, as it did when the hand-off's row went with its workspace.
 */
async function handoffOf(
  ctx: RequestCtx,
  state: { payload: SsoHandoff; browserHash: string | null } | undefined,
) {
  if (!state) return undefined;
  const { workspaceId } = state.payload;
  const workspaceName = workspaceId ? await findWorkspaceName(ctx.db, { workspaceId }) : null;
  if (workspaceName === undefined) return undefined;
  return { ...state.payload, browserHash: state.browserHash, workspaceName };
}

/**
 * POST /auth/sso/handoff: what the callback page shows before it signs anyone in: the account and the workspace of
 * a hand-off, and whether it comes from a sign-in this browser started (SP-initiated) or from the identity provider's
 * own page (IdP-initiated, to be confirmed). The hand-off stays for POST /auth/sso; a refusal is answered with its
 * sentence, as POST /auth/sso would.
 */
export async function describeSsoHandoff(
  ctx: RequestCtx,
  handoffCode: string,
): Promise<Schemas["SsoHandoff"]> {
  const row = await handoffOf(
    ctx,
    await peekOneUseState(ctx.db, "saml-handoff", handoffCode, { now: ctx.clock.now() }),
  );
  if (!row) throw new AppError("SSO_LOGIN_FAILED", 401, handoffExpired);
  if (row.refusal || !row.email || !row.workspaceName) {
    throw new AppError("SSO_LOGIN_FAILED", 401, row.refusal ?? "The sign-in could not be completed.");
  }
  return {
    email: row.email,
    workspaceName: row.workspaceName,
    initiatedBy: row.browserHash === null ? "identity-provider" : "this-browser",
  };
}

/**
 * POST /auth/sso with a hand-off: one use, unexpired; an SP-initiated one only with the cookie of the browser
 * that started it, an IdP-initiated one only once its person has confirmed it (`confirmed`, sent by the callback
 * page's confirmation screen; without it the hand-off stays and the answer is 409). Then the sign-in goes on as
 * every single sign-on does (completeSsoSignIn), or the refusal's sentence is the answer.
 */
export async function redeemSamlHandoff(
  ctx: RequestCtx,
  p: { handoff: string; confirmed: boolean },
  cookieHeader: string | undefined,
): Promise<Schemas["LoginResponse"]> {
  const failed = (reason: string, message: string) => {
    logAuthEvent(ctx, "sso.saml", { outcome: "failure", reason });
    return new AppError("SSO_LOGIN_FAILED", 401, message);
  };
  const seen = await handoffOf(
    ctx,
    await peekOneUseState(ctx.db, "saml-handoff", p.handoff, { now: ctx.clock.now() }),
  );
  if (seen && !seen.refusal && seen.browserHash === null && !p.confirmed) {
    throw new AppError(
      "SSO_CONFIRMATION_REQUIRED",
      409,
      `Confirm that you want to sign in to ${seen.workspaceName ?? "this workspace"} as ${seen.email ?? "this account"}.`,
    );
  }
  const row = await handoffOf(
    ctx,
    await takeOneUseState(ctx.db, "saml-handoff", p.handoff, { now: ctx.clock.now() }),
  );
  if (!row) throw failed("unknown-or-expired-handoff", handoffExpired);
  if (row.refusal || !row.workspaceId || !row.email || !row.subject) {
    throw new AppError("SSO_LOGIN_FAILED", 401, row.refusal ?? "The sign-in could not be completed.");
  }
  if (row.browserHash !== null && !isSignInBrowser(cookieHeader, row.browserHash)) {
    throw failed("other-browser", OTHER_BROWSER);
  }
  return completeSsoSignIn(ctx, {
    workspaceId: row.workspaceId,
    protocol: "saml",
    email: row.email,
    emailVerified: true,
    subject: row.subject,
  });
}
