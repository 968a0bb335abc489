import type { components } from "@brandscope/api-client/schema";
import * as oidc from "openid-client";
import { z } from "zod";
import type { SocialProviderId } from "../../db/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { amendOneUseState, putOneUseState, takeOneUseState } from "../../kernel/one-use-state";
import { MINUTE_MS } from "../../lib/clock";
import { networkOf } from "../../lib/network";
import {
  createAccount,
  deleteUnconfirmedAccount,
  findUserByEmail,
  isDuplicateEmail,
  type UserRow,
} from "../accounts";
import { logAuthEvent } from "./auth-log";
import { limitRequests } from "./limits";
import { formPostProviders, idTokenProviders, redeemCode, scopeOf } from "./oidc";
import { startSession } from "./sessions";
import { bindSignInToBrowser, isSignInBrowser, OTHER_BROWSER, type SignInBrowser } from "./sign-in-browser";
import { findUserBySocialIdentity, insertSocialIdentity } from "./social.repo";
import { assertOwnSignInAllowed } from "./sso-policy";

type Schemas = components["schemas"];

/** How long the user may spend at the provider between startSocialLogIn and socialLogIn. */
export const PENDING_SOCIAL_LOGIN_MS = 10 * MINUTE_MS;

/**
 * A social sign-in between the redirect to the provider and its callback, kept as a one-use state whose secret is
 * the OAuth state (kernel/one-use-state.ts), bound to the browser that started it (sign-in-browser.ts).
 */
interface PendingSocialLogin {
  provider: SocialProviderId;
  redirectUri: string;
  nonce: string;
  codeVerifier: string;
  /** The name a form_post provider (Apple) sends once, on the first consent, with its callback. */
  givenName: string | null;
  familyName: string | null;
}

declare module "../../kernel/one-use-state" {
  interface OneUseStatePayloads {
    "social-sign-in": PendingSocialLogin;
  }
}

export const listSocialProviders = (ctx: RequestCtx): Schemas["SocialProvider"][] => ctx.social.list();

/**
 * The provider sends the browser back to redirectUri with the code: it must be a page of this app (APP_URL's
 * origin; in development also any loopback origin, for the web dev server).
 */
function assertOwnRedirect(ctx: RequestCtx, redirectUri: string): void {
  const target = new URL(redirectUri);
  const own = new URL(ctx.config.appUrl).origin;
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(target.hostname);
  if (target.origin === own || (ctx.config.nodeEnv !== "production" && loopback)) return;
  throw new AppError("VALIDATION_FAILED", 400, "redirectUri must be a page of this app", [
    { path: "/redirectUri", message: `must start with ${own}` },
  ]);
}

async function configurationOf(ctx: RequestCtx, provider: SocialProviderId, unavailable: () => AppError) {
  try {
    const configuration = await ctx.social.configuration(provider);
    if (configuration) return configuration;
  } catch (error) {
    ctx.log.error(
      { err: error, provider, event: "auth.social.discovery-failed" },
      "OpenID provider discovery failed",
    );
  }
  throw unavailable();
}

const names: Record<SocialProviderId, string> = { google: "Google", facebook: "Facebook", apple: "Apple" };

/**
 * Starts per network (an IPv4 address, an IPv6 /64): each writes a pending sign-in row before anyone has signed in,
 * so a script could fill the table; a company's people behind one NAT signing in one morning stay under it.
 */
export const SOCIAL_START_LIMIT = { windowMs: 15 * MINUTE_MS, max: 300 };

export async function startSocialLogIn(
  ctx: RequestCtx,
  body: Schemas["SocialAuthorizeRequest"],
  browser: SignInBrowser,
): Promise<Schemas["SocialAuthorizeResponse"]> {
  assertOwnRedirect(ctx, body.redirectUri);
  await limitRequests(
    ctx,
    { key: `social-start:${networkOf(ctx.ip)}`, ...SOCIAL_START_LIMIT },
    (wait) => `Too many sign-in attempts from your network. Try again in ${wait}.`,
  );
  const configuration = await configurationOf(
    ctx,
    body.provider,
    () =>
      new AppError(
        "SOCIAL_PROVIDER_UNAVAILABLE",
        404,
        `Sign-in with ${names[body.provider]} is not available`,
      ),
  );
  // A form_post provider sends the browser back to the server (POST /auth/social/callback/{provider}), which
  // answers with a redirect to the app's callback page: body.redirectUri stays the page of other providers.
  const formPost = formPostProviders.has(body.provider);
  const idTokenOnly = idTokenProviders.has(body.provider);
  const redirectUri = formPost ? formPostCallbackUrl(ctx, body.provider) : body.redirectUri;
  const nonce = oidc.randomNonce();
  // Kept for every provider (the code flow's PKCE); an ID-token-only provider gets no code to bind it to.
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = await putOneUseState(ctx.db, "social-sign-in", {
    payload: {
      provider: body.provider,
      redirectUri,
      nonce,
      codeVerifier,
      givenName: null,
      familyName: null,
    },
    ttlMs: PENDING_SOCIAL_LOGIN_MS,
    browserHash: bindSignInToBrowser(browser, ctx.config, PENDING_SOCIAL_LOGIN_MS),
    now: ctx.clock.now(),
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: scopeOf(body.provider),
    ...(formPost ? { response_mode: "form_post" } : {}),
    // response_type=id_token (set by openid-client): the answer comes in the fragment, which only the page reads.
    ...(idTokenOnly
      ? { response_mode: "fragment" }
      : {
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: "S256",
        }),
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, state };
}

/** The server endpoint a form_post provider posts its answer to (the redirect URI registered there). */
export const formPostCallbackUrl = (ctx: RequestCtx, provider: SocialProviderId) =>
  `${ctx.config.appUrl}/api/auth/social/callback/${provider}`;

/** Apple's `user` field, sent once, on the first consent: `{"name":{"firstName","lastName"},"email"}`. */
const appleUser = z.object({
  name: z
    .object({
      firstName: z.string().trim().max(100).optional().catch(undefined),
      lastName: z.string().trim().max(100).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});

function nameOf(user: string | undefined): { givenName?: string; familyName?: string } {
  if (!user) return {};
  let json: unknown;
  try {
    json = JSON.parse(user);
  } catch {
    return {};
  }
  const name = appleUser.safeParse(json).data?.name;
  return { givenName: name?.firstName || undefined, familyName: name?.lastName || undefined };
}

/** The form a form_post provider's browser POSTs (application/x-www-form-urlencoded). */
export interface SocialCallbackForm {
  code?: string;
  state?: string;
  iss?: string;
  user?: string;
  error?: string;
}

/**
 * POST /auth/social/callback/{provider}: keeps the first-consent name with the pending sign-in and sends the
 * browser on to the app's callback page with the code and state in the query, where it finishes as for any
 * provider (POST /auth/social). The server-side state is the CSRF defence: a form with an unknown, used or
 * expired state goes on with an error instead of its code. Returns the URL for the 303.
 */
export async function receiveSocialCallback(
  ctx: RequestCtx,
  provider: SocialProviderId,
  form: SocialCallbackForm,
): Promise<string> {
  if (!formPostProviders.has(provider) || !ctx.social.list().some((p) => p.id === provider)) {
    throw new AppError(
      "SOCIAL_PROVIDER_UNAVAILABLE",
      404,
      `Sign-in with ${names[provider]} is not available`,
    );
  }
  const page = new URL(`${ctx.config.appUrl}/auth/callback/${provider}`);
  const refuse = (error: string, description: string, reason: string) => {
    logAuthEvent(ctx, `social.${provider}`, { outcome: "failure", reason });
    page.searchParams.set("error", error);
    page.searchParams.set("error_description", description);
    return page.href;
  };
  if (form.error) {
    // The provider's own error code (e.g. user_cancelled_authorize), kept to a plain token.
    const error = /^[\w.-]{1,64}$/.test(form.error) ? form.error : "access_denied";
    return refuse(error, "The sign-in was cancelled or did not complete.", `provider-error:${error}`);
  }
  if (!form.code || !form.state) {
    return refuse(
      "invalid_request",
      "The sign-in could not be completed. Please try again.",
      "incomplete-callback",
    );
  }
  // The name stays with the pending sign-in, for socialLogIn to take with it.
  const known = await amendOneUseState(ctx.db, "social-sign-in", form.state, {
    match: { provider },
    now: ctx.clock.now(),
    patch: nameOf(form.user),
  });
  if (!known) {
    return refuse(
      "sign_in_expired",
      "This sign-in has expired. Please start again.",
      "unknown-or-expired-state",
    );
  }
  page.searchParams.set("code", form.code);
  page.searchParams.set("state", form.state);
  if (form.iss) page.searchParams.set("iss", form.iss);
  return page.href;
}

interface Identity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/**
 * The provider's subject and verified e-mail, from the ID token or else (code flow) the userinfo endpoint.
 * An ID-token-only provider has no access token: its ID token must carry the e-mail.
 */
async function identityOf(
  claims: oidc.IDToken,
  userInfo: ((subject: string) => Promise<Record<string, unknown>>) | undefined,
  /** The name the form_post callback brought (Apple puts none in its tokens). */
  sent: { givenName: string | null; familyName: string | null },
  /**
   * Facebook's ID token carries no email_verified claim: Facebook releases only a person's confirmed primary
   * address, so an e-mail it sends counts as verified. Other providers must say so explicitly.
   */
  emailClaimImpliesVerified = false,
): Promise<Identity | { subject: string; unverified: true }> {
  let info: Record<string, unknown> = claims;
  if (!text(claims.email) && userInfo) info = { ...(await userInfo(claims.sub)), ...claims };
  const email = text(info.email);
  // Apple sends "true" as a string.
  const verified =
    info.email_verified === true ||
    info.email_verified === "true" ||
    (emailClaimImpliesVerified && info.email_verified === undefined);
  if (!email || !verified) return { subject: claims.sub, unverified: true };
  const [fromName = "", ...rest] = (text(info.name) ?? "").split(/\s+/);
  return {
    subject: claims.sub,
    email,
    firstName: text(info.given_name) ?? text(sent.givenName) ?? (fromName || (email.split("@")[0] ?? email)),
    lastName: text(info.family_name) ?? text(sent.familyName) ?? rest.join(" "),
  };
}

/**
 * Finds the user of this identity, links it to the confirmed account with the same e-mail, or creates an account.
 * An unconfirmed account with that e-mail is replaced, not linked: whoever signed it up never proved the address,
 * and linking would confirm it with their password still opening it (account pre-hijacking).
 */
async function userOf(
  ctx: RequestCtx,
  provider: SocialProviderId,
  identity: Identity,
  retried = false,
): Promise<UserRow> {
  const linked = await findUserBySocialIdentity(ctx.db, { provider, subject: identity.subject });
  if (linked) return linked;
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx.db, { email: identity.email });
  if (existing && existing.status !== "unconfirmed") {
    await insertSocialIdentity(ctx.db, {
      userId: existing.id,
      provider,
      subject: identity.subject,
      email: identity.email,
      now,
    });
    return existing;
  }
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const replaced =
        existing !== undefined && (await deleteUnconfirmedAccount(tx, { userId: existing.id }));
      const user = await createAccount(tx, {
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        passwordHash: null,
        status: "confirmed",
        now,
      });
      await insertSocialIdentity(tx, {
        userId: user.id,
        provider,
        subject: identity.subject,
        email: identity.email,
        now,
      });
      return { user, replaced };
    });
    if (created.replaced && existing) {
      logAuthEvent(ctx, `social.${provider}`, {
        outcome: "success",
        userId: created.user.id,
        reason: `replaced unconfirmed account ${existing.id}`,
      });
    }
    return created.user;
  } catch (error) {
    // A sign-in racing with this one created the account first (or the account was confirmed meanwhile): use it.
    if (!isDuplicateEmail(error)) throw error;
    if (retried) {
      throw new AppError("SOCIAL_LOGIN_FAILED", 401, "The sign-in could not be completed. Please try again.");
    }
    return userOf(ctx, provider, identity, true);
  }
}

/** The code flow: exchanges the code (PKCE, state, nonce) and reads the identity. */
async function identityFromCode(
  configuration: oidc.Configuration,
  body: Schemas["SocialLoginRequest"],
  pending: PendingSocialLogin,
) {
  if (!body.code || body.idToken) throw new Error("This provider answers with a code, not an ID token");
  const tokens = await redeemCode(configuration, {
    redirectUri: pending.redirectUri,
    code: body.code,
    state: body.state,
    ...(body.iss ? { iss: body.iss } : {}),
    codeVerifier: pending.codeVerifier,
    nonce: pending.nonce,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("The provider returned no ID token");
  return identityOf(
    claims,
    (subject) => oidc.fetchUserInfo(configuration, tokens.access_token, subject),
    pending,
  );
}

/**
 * response_type=id_token: openid-client checks the ID token as the fragment brought it: signature against the
 * provider's keys (discovery's jwks_uri), iss, aud (our client id), exp and iat, and the nonce kept with the
 * state (which socialLogIn has already used up).
 */
async function identityFromIdToken(
  configuration: oidc.Configuration,
  body: Schemas["SocialLoginRequest"],
  pending: PendingSocialLogin,
) {
  if (!body.idToken || body.code) throw new Error("This provider answers with an ID token, not a code");
  const fragment = new URLSearchParams({ id_token: body.idToken, state: body.state });
  if (body.iss) fragment.set("iss", body.iss);
  const callback = new URL(pending.redirectUri);
  callback.hash = fragment.toString();
  const claims = await oidc.implicitAuthentication(configuration, callback, pending.nonce, {
    expectedState: body.state,
  });
  return identityOf(claims, undefined, pending, true);
}

/**
 * The callback page's POST /auth/social: one use of the pending sign-in of this state, from the browser that started
 * it (its cookie), so nobody can sign a victim's browser in with an answer of their own (login CSRF).
 */
export async function socialLogIn(
  ctx: RequestCtx,
  body: Schemas["SocialLoginRequest"],
  cookieHeader: string | undefined,
): Promise<Schemas["LoginResponse"]> {
  const failed = (reason: string, message = "The sign-in could not be completed. Please try again.") => {
    logAuthEvent(ctx, `social.${body.provider}`, { outcome: "failure", reason });
    return new AppError("SOCIAL_LOGIN_FAILED", 401, message);
  };
  const configuration = await configurationOf(ctx, body.provider, () => failed("provider-unavailable"));
  // Used up whichever browser presents it: another browser's attempt is refused and ends the sign-in.
  const taken = await takeOneUseState(ctx.db, "social-sign-in", body.state, {
    match: { provider: body.provider },
    now: ctx.clock.now(),
  });
  if (!taken) throw failed("unknown-or-expired-state", "This sign-in has expired. Please start again.");
  if (!isSignInBrowser(cookieHeader, taken.browserHash)) throw failed("other-browser", OTHER_BROWSER);
  const pending = taken.payload;

  let identity: Awaited<ReturnType<typeof identityOf>>;
  try {
    identity = idTokenProviders.has(body.provider)
      ? await identityFromIdToken(configuration, body, pending)
      : await identityFromCode(configuration, body, pending);
  } catch (error) {
    ctx.log.warn(
      { provider: body.provider, reason: error instanceof Error ? error.message : "unknown" },
      "OpenID sign-in refused",
    );
    throw failed(idTokenProviders.has(body.provider) ? "id-token-refused" : "code-exchange-refused");
  }
  if ("unverified" in identity) {
    throw failed(
      "email-not-verified",
      `Your ${names[body.provider]} account has no verified e-mail address. Verify it there, or sign up with your e-mail.`,
    );
  }
  // A domain that requires single sign-on takes no other sign-in for its members (docs/single-sign-on.md). The
  // account this identity opens is judged by its own e-mail: a linked identity whose address has since changed at
  // the provider still opens the account it was linked to.
  const linked = await findUserBySocialIdentity(ctx.db, {
    provider: body.provider,
    subject: identity.subject,
  });
  const account = linked ?? (await findUserByEmail(ctx.db, { email: identity.email }));
  await assertOwnSignInAllowed(ctx, {
    email: account?.email ?? identity.email,
    user: account,
    event: `social.${body.provider}`,
  });
  const user = linked ?? (await userOf(ctx, body.provider, identity));
  if (user.status === "deactivated") {
    logAuthEvent(ctx, `social.${body.provider}`, {
      outcome: "failure",
      userId: user.id,
      reason: "account-deactivated",
    });
    throw new AppError(
      "ACCOUNT_DEACTIVATED",
      403,
      "This account has been deactivated. Contact support to reactivate it.",
    );
  }
  const tokens = await startSession(ctx, user);
  logAuthEvent(ctx, `social.${body.provider}`, { outcome: "success", userId: user.id });
  return { ...tokens, isFirstTime: user.isFirstTime, status: user.status, email: user.email };
}
