import type { components } from "@brandscope/api-client/schema";
import * as oidc from "openid-client";
import type { SsoProtocol } from "../../db/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { putOneUseState } from "../../kernel/one-use-state";
import { MINUTE_MS } from "../../lib/clock";
import { randomToken } from "../../lib/crypto";
import { networkOf } from "../../lib/network";
import { bindSignInToBrowser, emailDomain, emailKey, limitRequests, type SignInBrowser } from "../auth";
import { discoverIdp } from "./oidc-discovery";
import { samlSignInRedirect } from "./saml/sign-in-redirect";
import { samlSpOf, serviceProviderOf } from "./service-provider";
import { findSsoConnection, findVerifiedDomain, type SsoConnectionRow } from "./sso.repo";
import { hasSso } from "./sso-plan";

type Schemas = components["schemas"];

/** How long the user may spend at the identity provider between starting and finishing. */
export const PENDING_SSO_LOGIN_MS = 10 * MINUTE_MS;

/**
 * A single sign-on between the redirect to the IdP and its answer, kept as a one-use state whose secret is the
 * state (OIDC) or RelayState (SAML) (kernel/one-use-state.ts). OIDC keeps its nonce and PKCE verifier; SAML its
 * AuthnRequest id (the InResponseTo its response must carry).
 */
export interface PendingSsoLogin {
  workspaceId: string;
  protocol: SsoProtocol;
  nonce: string | null;
  codeVerifier: string | null;
  samlRequestId: string | null;
}

declare module "../../kernel/one-use-state" {
  interface OneUseStatePayloads {
    "sso-sign-in": PendingSsoLogin;
  }
}
/**
 * Starts per network (an IPv4 address, an IPv6 /64: lib/network.ts): a company's people behind one NAT all signing
 * in one morning stay under it, a scan of which domains have SSO does not.
 */
const NETWORK_START_LIMIT = { windowMs: 15 * MINUTE_MS, max: 300 };
/** Starts per e-mail address: one person retrying. */
const ADDRESS_START_LIMIT = { windowMs: 15 * MINUTE_MS, max: 10 };

/** 422 when the workspace's identity provider cannot be used right now. */
export const ssoUnavailable = (message: string) => new AppError("SSO_UNAVAILABLE", 422, message);

/** The connection of a workspace with OpenID Connect, with its client secret unsealed. */
export async function oidcClientOf(ctx: RequestCtx, connection: SsoConnectionRow) {
  const { oidcIssuer, oidcClientId, oidcSealedClientSecret } = connection;
  if (connection.protocol !== "oidc" || !oidcIssuer || !oidcClientId || !oidcSealedClientSecret)
    return undefined;
  return {
    issuer: oidcIssuer,
    clientId: oidcClientId,
    clientSecret: await ctx.keys.seal.open(oidcSealedClientSecret),
  };
}

/**
 * OpenID Connect: the code flow with PKCE, state and nonce kept server-side for one use, with the hash of the
 * browser's sign-in cookie (only this browser may finish it: sso-login.service.ts).
 */
async function startOidcSignIn(
  ctx: RequestCtx,
  connection: SsoConnectionRow,
  browser: SignInBrowser,
): Promise<Schemas["SocialAuthorizeResponse"]> {
  const client = await oidcClientOf(ctx, connection);
  if (!client)
    throw ssoUnavailable("Single sign-on for your workspace is not complete. Ask your workspace owner.");
  let configuration: oidc.Configuration;
  try {
    configuration = await discoverIdp(ctx.config, client);
  } catch (error) {
    ctx.log.warn(
      { event: "sso.oidc.discovery-failed", reason: error instanceof Error ? error.message : "unknown" },
      "OpenID issuer discovery failed",
    );
    throw ssoUnavailable("Your identity provider cannot be reached just now. Try again in a few minutes.");
  }
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = await putOneUseState(ctx.db, "sso-sign-in", {
    payload: {
      workspaceId: connection.workspaceId,
      protocol: "oidc",
      nonce,
      codeVerifier,
      samlRequestId: null,
    },
    ttlMs: PENDING_SSO_LOGIN_MS,
    browserHash: bindSignInToBrowser(browser, ctx.config, PENDING_SSO_LOGIN_MS),
    now: ctx.clock.now(),
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: serviceProviderOf(ctx.config, connection.workspaceId).oidcRedirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, state };
}

/**
 * SAML 2.0, SP-initiated: the redirect to the IdP with an AuthnRequest, whose id is kept with a hash of the
 * RelayState for 10 minutes and one use (the response must answer it), and with a hash of the browser's HttpOnly
 * sign-in cookie (only this browser may then redeem the outcome: saml-acs.ts).
 */
export async function startSamlSignIn(
  ctx: RequestCtx,
  connection: SsoConnectionRow,
  browser: SignInBrowser,
): Promise<Schemas["SocialAuthorizeResponse"]> {
  if (connection.protocol !== "saml" || !connection.samlIdp) {
    throw ssoUnavailable("Single sign-on for your workspace is not complete. Ask your workspace owner.");
  }
  const relayState = randomToken();
  const { url, requestId } = await samlSignInRedirect(
    connection.samlIdp,
    samlSpOf(ctx.config, connection.workspaceId),
    relayState,
  );
  await putOneUseState(ctx.db, "sso-sign-in", {
    secret: relayState,
    payload: {
      workspaceId: connection.workspaceId,
      protocol: "saml",
      nonce: null,
      codeVerifier: null,
      samlRequestId: requestId,
    },
    ttlMs: PENDING_SSO_LOGIN_MS,
    browserHash: bindSignInToBrowser(browser, ctx.config, PENDING_SSO_LOGIN_MS),
    now: ctx.clock.now(),
  });
  return { authorizationUrl: url, state: relayState };
}

/**
 * "Sign in with SSO": the e-mail's domain names the workspace (the one that verified it), whose identity provider
 * the browser is sent to. A domain without single sign-on, or whose workspace's plan no longer has it, is told so.
 */
export async function startSsoSignIn(
  ctx: RequestCtx,
  body: Schemas["EmailRequest"],
  browser: SignInBrowser,
): Promise<Schemas["SocialAuthorizeResponse"]> {
  const tooMany = (wait: string) => `Too many single sign-on attempts. Try again in ${wait}.`;
  await limitRequests(ctx, { key: `sso-start:${networkOf(ctx.ip)}`, ...NETWORK_START_LIMIT }, tooMany);
  await limitRequests(
    ctx,
    { key: `sso-start:${emailKey(ctx, body.email)}`, ...ADDRESS_START_LIMIT },
    tooMany,
  );
  const domain = emailDomain(body.email);
  const verified = domain ? await findVerifiedDomain(ctx.db, { domain }) : undefined;
  const connection = verified
    ? await findSsoConnection(ctx.db, { workspaceId: verified.workspaceId })
    : undefined;
  if (!connection || !(await hasSso(ctx.db, { workspaceId: connection.workspaceId, now: ctx.clock.now() }))) {
    throw new AppError(
      "SSO_NOT_CONFIGURED",
      404,
      `No single sign-on is set up for ${domain || "this address"}.`,
    );
  }
  return connection.protocol === "saml"
    ? startSamlSignIn(ctx, connection, browser)
    : startOidcSignIn(ctx, connection, browser);
}
