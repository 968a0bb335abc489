/**
 * Google's OAuth 2.0 token endpoint as the Google connectors (Search Console, Google Ads) call it, through
 * google-auth-library's OAuth2Client (google-vendor.ts): the code exchange (PKCE), the refresh of an access token and
 * the revocation of a grant; plus the JSON call with a timeout and the reading of Google's error bodies that the
 * Google Ads client uses. Tokens travel in bodies and the Authorization header only, never in a URL or a log.
 */

import type { Credentials } from "google-auth-library";
import type { RequestCtx } from "../../kernel/handler-types";
import type { ConsentFlow, GrantedConsent } from "./consent";
import { answerOfFailure, oauthClient } from "./google-vendor";

export const TIMEOUT_MS = 15_000;

/** Why a call failed, as a connector acts on it. */
export type GoogleFailure =
  /** The refresh token (or code) is refused: `invalid_grant`, revoked or expired; or the access token (401). */
  | "token"
  /** The API's quota is spent for now (403 quotaExceeded / rateLimitExceeded, RESOURCE_EXHAUSTED, or 429). */
  | "quota"
  /** The account has no (more) access to what is read (403 forbidden / PERMISSION_DENIED, 404). */
  | "no_access"
  /**
   * Google Ads: the operator's Google Cloud project (the OAuth client's) has test access only
   * (CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION; DEVELOPER_TOKEN_NOT_APPROVED before developer tokens were retired).
   * The operator's to fix: the user's grant is sound.
   */
  | "project"
  /** Google no longer serves the API version this server calls (UNSUPPORTED_VERSION, or the version's path 404s). */
  | "version"
  /** The request itself was refused (400 other than invalid_grant): a bug or a misconfigured client. */
  | "refused"
  /** A timeout, a 5xx or an answer we cannot read: worth another try later. */
  | "unavailable";

export class GoogleError extends Error {
  override name = "GoogleError";
  constructor(
    readonly failure: GoogleFailure,
    message: string,
    /** The platform's own code, where it says more than the failure (Google Ads' ACTION_NOT_PERMITTED). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * What a Google connector's consent URL asks: its own scope only (no `include_granted_scopes`, so a Search Console
 * grant never carries Ads access), `openid` for the ID token whose `sub` names the Google account (a disconnect
 * revokes only when no other connection holds that account's grant: grant.ts), offline access, and the consent
 * prompted so that Google hands over a refresh token again on a reconnection.
 * developers.google.com/identity/protocols/oauth2/web-server#incrementalAuth,
 * developers.google.com/identity/openid-connect/openid-connect#scope-param
 */
export const googleConsentParams = (scope: string) => ({
  scope: `openid ${scope}`,
  access_type: "offline",
  prompt: "consent",
});

/**
 * The Google account an ID token names (its `sub`), read without checking the signature: the token comes straight
 * from Google's token endpoint over TLS, authenticated with the client secret, which OpenID Connect Core 3.1.3.7 (6)
 * and Google's OpenID Connect guide ("Obtain user information from the ID token") accept in place of a signature
 * check. Null when there is none or it cannot be read.
 */
export function subjectOfIdToken(idToken: unknown): string | null {
  if (typeof idToken !== "string") return null;
  const payload = idToken.split(".")[1];
  if (!payload) return null;
  try {
    const sub = record(JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))).sub;
    return typeof sub === "string" && sub !== "" ? sub : null;
  } catch {
    return null;
  }
}

export interface GoogleOAuthEndpoints {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  revokeUrl: string;
  fetch?: typeof fetch;
}

export const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The reasons of Google's API error body `{ error: { code, message, errors: [{ reason }], status, details } }`;
 * Google Ads puts its own in `details[].errors[].errorCode` (`{ quotaError: "RESOURCE_EXHAUSTED" }`), read as
 * their values.
 */
export function reasonsOf(body: unknown): string[] {
  const error = record(record(body).error);
  const details = Array.isArray(error.details) ? error.details : [];
  const adsCodes = details.flatMap((d) => {
    const errors = record(d).errors;
    return (Array.isArray(errors) ? errors : []).flatMap((e) => Object.values(record(record(e).errorCode)));
  });
  const listed = [...(Array.isArray(error.errors) ? error.errors : []), ...details].map(
    (e) => record(e).reason,
  );
  return [...listed, ...adsCodes, error.status].filter((r): r is string => typeof r === "string");
}

export function googleOAuthClient(o: GoogleOAuthEndpoints) {
  const send = o.fetch ?? fetch;

  /** A JSON call with a timeout: a network failure, a 5xx without JSON or a 2xx without JSON is "unavailable". */
  async function call(
    url: string,
    init: RequestInit,
    what: string,
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await send(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new GoogleError("unavailable", `Google did not answer (${what})`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (response.status >= 500 || response.ok) {
        throw new GoogleError("unavailable", `Google's answer was not JSON (${what}, ${response.status})`);
      }
      body = {};
    }
    return { status: response.status, body };
  }

  const options = { ...o, timeoutMs: TIMEOUT_MS };

  /**
   * A refused token call classed: `invalid_grant` (a revoked, expired or used grant) is the user's to fix; a 5xx or
   * no answer, Google's; any other refusal, ours (a misconfigured client).
   */
  async function tokenFailure(error: unknown, what: string): Promise<GoogleError> {
    const answer = await answerOfFailure(error);
    // OAuth2Client's own complaint about the answer ("Could not refresh access token."): nothing we can use.
    if (!answer) return new GoogleError("unavailable", `Google's token answer could not be read (${what})`);
    const { status, body } = answer;
    if (status === null) return new GoogleError("unavailable", `Google did not answer (${what})`);
    if (status >= 500) return new GoogleError("unavailable", `Google's token endpoint answered ${status}`);
    const code = record(body).error;
    if (status === 400 && code === "invalid_grant") {
      return new GoogleError("token", "Google refused the grant (invalid_grant)");
    }
    return new GoogleError("refused", `Google's token endpoint refused ${what} (${String(code)})`);
  }

  /** Google's token answer (google-auth-library's Credentials), checked: an answer without an access token is none. */
  function tokensOf(credentials: Credentials | string | undefined, what: string) {
    const answer = typeof credentials === "object" && credentials !== null ? credentials : {};
    if (typeof answer.access_token !== "string" || answer.access_token === "") {
      throw new GoogleError("unavailable", `Google's token answer had no access token (${what})`);
    }
    return {
      accessToken: answer.access_token,
      refreshToken: typeof answer.refresh_token === "string" ? answer.refresh_token : null,
      scope: typeof answer.scope === "string" ? answer.scope : "",
      subject: subjectOfIdToken(answer.id_token),
    };
  }

  return {
    call,

    /** The code exchange with its PKCE verifier (OAuth2Client.getToken). */
    async exchangeCode(p: { code: string; codeVerifier: string; redirectUri: string }) {
      const what = "the code exchange";
      const client = await oauthClient(options);
      let tokens: Credentials;
      try {
        ({ tokens } = await client.getToken({
          code: p.code,
          codeVerifier: p.codeVerifier,
          redirect_uri: p.redirectUri,
        }));
      } catch (error) {
        throw await tokenFailure(error, what);
      }
      return tokensOf(tokens, what);
    },

    /** A new access token for the refresh token (OAuth2Client.getAccessToken on a client holding only it). */
    async refresh(refreshToken: string): Promise<string> {
      const what = "the refresh";
      const client = await oauthClient(options);
      client.setCredentials({ refresh_token: refreshToken });
      try {
        await client.getAccessToken();
      } catch (error) {
        throw await tokenFailure(error, what);
      }
      return tokensOf(client.credentials, what).accessToken;
    },

    /**
     * Revokes the grant at Google; best effort (the token is forgotten here whatever Google answers). Sent through
     * OAuth2Client's transport with the token in the form body, as RFC 7009 and Google's guide allow
     * (developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke): OAuth2Client.revokeToken would put
     * it in the URL, where proxies and logs keep it.
     */
    async revoke(refreshToken: string): Promise<void> {
      try {
        const client = await oauthClient(options);
        await client.transporter.request({
          method: "POST",
          url: o.revokeUrl,
          data: new URLSearchParams({ token: refreshToken }),
        });
      } catch {
        // Google unreachable or refusing: the grant stays until the user removes it at myaccount.google.com.
      }
    },
  };
}

export type GoogleOAuthClient = ReturnType<typeof googleOAuthClient>;

/** A Google account's lasting grant to a connector: its tokens and whose it is (the ID token's `sub`, if any). */
export interface GoogleGrant {
  accessToken: string;
  refreshToken: string;
  subject: string | null;
}

/**
 * A Google connector's granted consent exchanged for its lasting grant: the tokens with a refresh token, which
 * Google gives only with offline access; or why there are none (a refused exchange is logged).
 */
export async function exchangeForGrant(
  ctx: Pick<RequestCtx, "log">,
  flow: ConsentFlow,
  client: Pick<GoogleOAuthClient, "exchangeCode">,
  consent: GrantedConsent,
): Promise<GoogleGrant | { error: "exchange_failed" | "no_offline_access" }> {
  let tokens: Awaited<ReturnType<GoogleOAuthClient["exchangeCode"]>>;
  try {
    tokens = await client.exchangeCode(consent);
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    ctx.log.warn(
      { workspaceId: consent.workspaceId, failure: error.failure },
      `${flow.name} code exchange failed`,
    );
    return { error: "exchange_failed" };
  }
  if (!tokens.refreshToken) return { error: "no_offline_access" };
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, subject: tokens.subject };
}
