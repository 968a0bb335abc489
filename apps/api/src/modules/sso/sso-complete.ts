import type { components } from "@brandscope/api-client/schema";
import type { SsoProtocol } from "../../db/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import {
  countMembers,
  deleteUnconfirmedAccount,
  findUserByEmail,
  insertUser,
  isDuplicateEmail,
  lockWorkspace,
  type UserRow,
} from "../accounts";
import { emailDomain, logAuthEvent, startSession } from "../auth";
import { planOf, workspacePlan } from "../billing";
import { findOpenInvitationByEmail, markInvitationAccepted } from "../workspace";
import { findSsoConnection, findVerifiedDomain } from "./sso.repo";

/** Who the identity provider vouched for, whatever the protocol. */
export interface SsoIdentity {
  workspaceId: string;
  protocol: SsoProtocol;
  email: string;
  /** OIDC's email_verified; a SAML IdP vouches for the NameID / e-mail attribute it signs (true). */
  emailVerified: boolean;
  /** The IdP's stable id of the person (OIDC sub, SAML NameID), for the audit line. */
  subject: string;
  firstName?: string;
  lastName?: string;
}

const refused = (code: string, message: string) => new AppError(code, 403, message);

/**
 * Everything after the identity provider has vouched for someone (OIDC and SAML alike): the e-mail must be verified
 * and in a domain this workspace verified, the workspace must still have single sign-on; then the account of the
 * workspace with that e-mail signs in, or (just-in-time membership on or an open invitation to the address, a seat
 * free) a new member account is made, or the person is told to ask for an invitation. Sessions start as for any sign-in, and the audit log says how.
 */
export async function completeSsoSignIn(
  ctx: RequestCtx,
  identity: SsoIdentity,
): Promise<components["schemas"]["LoginResponse"]> {
  const event = `sso.${identity.protocol}`;
  const email = identity.email.trim();
  const fail = (reason: string, error: AppError) => {
    logAuthEvent(ctx, event, { outcome: "failure", email, reason });
    return error;
  };
  if (!email || !identity.emailVerified) {
    throw fail(
      "email-not-verified",
      refused(
        "SSO_EMAIL_REFUSED",
        "Your identity provider did not confirm your e-mail address. Ask your IT administrator to check your account there.",
      ),
    );
  }
  const domain = emailDomain(email);
  const verified = await findVerifiedDomain(ctx.db, { domain });
  if (verified?.workspaceId !== identity.workspaceId) {
    throw fail(
      "domain-not-verified",
      refused(
        "SSO_EMAIL_REFUSED",
        `${email} is not in a verified domain of this workspace, so it cannot sign in through its single sign-on.`,
      ),
    );
  }
  const connection = await findSsoConnection(ctx.db, { workspaceId: identity.workspaceId });
  const { plan } = await workspacePlan(ctx.db, { workspaceId: identity.workspaceId, now: ctx.clock.now() });
  if (connection?.protocol !== identity.protocol || plan !== "enterprise") {
    throw fail(
      "sso-not-configured",
      refused("SSO_NOT_CONFIGURED", `No single sign-on is set up for ${domain} any more.`),
    );
  }

  const user = await memberOf(ctx, identity, email, connection.jitProvisioning).catch((error: unknown) => {
    throw error instanceof AppError ? fail(error.code.toLowerCase(), error) : error;
  });
  if (user.status === "deactivated") {
    throw fail(
      "account-deactivated",
      refused("ACCOUNT_DEACTIVATED", "This account has been deactivated. Contact support to reactivate it."),
    );
  }
  const tokens = await startSession(ctx, user, { viaSso: true });
  logAuthEvent(ctx, event, { outcome: "success", userId: user.id });
  ctx.log.info(
    { event: "sso.sign-in", workspaceId: identity.workspaceId, userId: user.id, subject: identity.subject },
    "Signed in with single sign-on",
  );
  return { ...tokens, isFirstTime: user.isFirstTime, status: user.status, email: user.email };
}

/** The workspace's account with this e-mail, or a new member's (just-in-time), in one locked transaction. */
async function memberOf(
  ctx: RequestCtx,
  identity: SsoIdentity,
  email: string,
  jit: boolean,
): Promise<UserRow> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Joins of one workspace run one at a time, so two of them cannot both pass the member limit.
      await lockWorkspace(tx, { workspaceId: identity.workspaceId });
      const existing = await findUserByEmail(tx, { email });
      if (existing?.workspaceId === identity.workspaceId) return existing;
      // An account someone signed up for with this address but never confirmed proves nothing: the IdP just did.
      const replaceable = existing?.status === "unconfirmed";
      if (existing && !replaceable) {
        throw new AppError(
          "SSO_OTHER_WORKSPACE",
          409,
          `Your Brandscope account ${email} belongs to another workspace. Ask your workspace owner to invite you.`,
        );
      }
      // An invitation to this address lets its person in even while just-in-time membership is off.
      const invitation = await findOpenInvitationByEmail(tx, { workspaceId: identity.workspaceId, email });
      const invited = invitation !== undefined && invitation.expiresAt > now;
      if (!jit && !invited) {
        throw refused(
          "SSO_NOT_INVITED",
          "You do not have an account in this workspace yet. Ask your workspace owner to invite you.",
        );
      }
      const { plan, limits } = await workspacePlan(tx, {
        workspaceId: identity.workspaceId,
        now: ctx.clock.now(),
      });
      if ((await countMembers(tx, { workspaceId: identity.workspaceId })) + 1 > limits.members) {
        throw new AppError(
          "PLAN_LIMIT",
          402,
          `Your workspace's ${planOf(plan).name} plan has no seat left. Ask your workspace owner to make room.`,
        );
      }
      if (existing) await deleteUnconfirmedAccount(tx, { userId: existing.id });
      if (invited) await markInvitationAccepted(tx, { id: invitation.id, now });
      return insertUser(tx, {
        workspaceId: identity.workspaceId,
        role: "member",
        email,
        passwordHash: null,
        status: "confirmed",
        firstName: identity.firstName?.trim() || (email.split("@")[0] ?? email),
        lastName: identity.lastName?.trim() ?? "",
        // The workspace's owner has set its brand up: nothing to welcome a member to.
        isFirstTime: false,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (error) {
    if (!isDuplicateEmail(error)) throw error;
    // Another sign-in with the same e-mail created the account meanwhile.
    throw new AppError("SSO_LOGIN_FAILED", 409, "The sign-in could not be completed. Please try again.");
  }
}
