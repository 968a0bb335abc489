import type { components } from "@brandscope/api-client/schema";
import * as oidc from "openid-client";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { takeOneUseState } from "../../kernel/one-use-state";
import { isSignInBrowser, logAuthEvent, OTHER_BROWSER, redeemCode } from "../auth";
import { discoverIdp } from "./oidc-discovery";
import { redeemSamlHandoff } from "./saml-acs";
import { serviceProviderOf } from "./service-provider";
import { findSsoConnection } from "./sso.repo";
import { completeSsoSignIn } from "./sso-complete";
import { oidcClientOf } from "./sso-start";

type Schemas = components["schemas"];

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/**
 * The end of a single sign-on, as the app's callback page sends it: a SAML hand-off (saml-acs.ts), or
 * OpenID Connect's code and state. OpenID Connect: the state (one use, unexpired, started by this browser: its
 * sign-in cookie) names the workspace; the code is
 * exchanged with the PKCE verifier, and openid-client checks the ID token (signature, issuer, audience, expiry,
 * nonce). The e-mail comes from the ID token or else the userinfo endpoint; completeSsoSignIn does the rest.
 */
export async function ssoLogIn(
  ctx: RequestCtx,
  body: Schemas["SsoLoginRequest"],
  cookieHeader: string | undefined,
): Promise<Schemas["LoginResponse"]> {
  if (body.handoff) {
    return redeemSamlHandoff(
      ctx,
      { handoff: body.handoff, confirmed: body.confirmed === true },
      cookieHeader,
    );
  }
  return oidcLogIn(ctx, { code: body.code ?? "", state: body.state ?? "", iss: body.iss }, cookieHeader);
}

async function oidcLogIn(
  ctx: RequestCtx,
  body: { code: string; state: string; iss: string | undefined },
  cookieHeader: string | undefined,
): Promise<Schemas["LoginResponse"]> {
  const failed = (reason: string, message = "The sign-in could not be completed. Please try again.") => {
    logAuthEvent(ctx, "sso.oidc", { outcome: "failure", reason });
    return new AppError("SSO_LOGIN_FAILED", 401, message);
  };
  // Used up whichever browser presents it: another browser's attempt is refused and ends the sign-in.
  const taken = await takeOneUseState(ctx.db, "sso-sign-in", body.state, {
    match: { protocol: "oidc" },
    now: ctx.clock.now(),
  });
  const pending = taken?.payload;
  if (!taken || !pending?.nonce || !pending.codeVerifier) {
    throw failed("unknown-or-expired-state", "This sign-in has expired. Please start again.");
  }
  if (!isSignInBrowser(cookieHeader, taken.browserHash)) throw failed("other-browser", OTHER_BROWSER);
  const connection = await findSsoConnection(ctx.db, { workspaceId: pending.workspaceId });
  const client = connection && (await oidcClientOf(ctx, connection));
  if (!client) throw failed("sso-not-configured");

  let claims: Record<string, unknown>;
  try {
    const configuration = await discoverIdp(ctx.config, client);
    const tokens = await redeemCode(configuration, {
      redirectUri: serviceProviderOf(ctx.config, pending.workspaceId).oidcRedirectUri,
      code: body.code,
      state: body.state,
      ...(body.iss ? { iss: body.iss } : {}),
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error("The provider returned no ID token");
    claims = text(idToken.email)
      ? idToken
      : { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
  } catch (error) {
    ctx.log.warn(
      { event: "sso.oidc.refused", reason: error instanceof Error ? error.message : "unknown" },
      "OpenID single sign-on refused",
    );
    throw failed("code-exchange-refused");
  }
  return completeSsoSignIn(ctx, {
    workspaceId: pending.workspaceId,
    protocol: "oidc",
    email: text(claims.email) ?? "",
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    subject: String(claims.sub),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  });
}
