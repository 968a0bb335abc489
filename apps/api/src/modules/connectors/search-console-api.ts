import type { ConnectorProperty } from "../../db/schema";

/**
 * Google's OAuth token endpoint and the Search Console API v3 (webmasters/v3) over REST, as the connector calls
 * them: the code exchange (PKCE), the refresh of an access token, sites.list and searchAnalytics.query. Every call
 * has a timeout; tokens travel in bodies and the Authorization header only, never in a URL or a log.
 */

const TIMEOUT_MS = 15_000;

/** Why a call failed, as the connector acts on it. */
export type GoogleFailure =
  /** The refresh token (or code) is refused: `invalid_grant`, revoked or expired; or the access token (401). */
  | "token"
  /** Search Console's quota is spent for now (403 quotaExceeded / rateLimitExceeded, or 429). */
  | "quota"
  /** The account has no (more) access to the property (403 forbidden / 404 on the site). */
  | "no_access"
  /** The request itself was refused (400 other than invalid_grant): a bug or a misconfigured client. */
  | "refused"
  /** A timeout, a 5xx or an answer we cannot read: worth another try later. */
  | "unavailable";

export class GoogleError extends Error {
  override name = "GoogleError";
  constructor(
    readonly failure: GoogleFailure,
    message: string,
  ) {
    super(message);
  }
}

/** One row of searchAnalytics.query with dimensions ["query", "country"], checked. */
export interface QueryRow {
  query: string;
  /** ISO 3166-1 alpha-3, lower case, as Search Console gives it ("gbr"; "zzz" when unknown). */
  country: string;
  clicks: number;
  impressions: number;
  /** 0–1. */
  ctr: number;
  position: number;
}

export interface QueryPage {
  rows: QueryRow[];
  /** Rows in the answer, read or not: fewer than the rowLimit asked means the last page. */
  received: number;
  /** Rows that were not of the documented shape, left out. */
  malformed: number;
}

export interface GoogleEndpoints {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  revokeUrl: string;
  /** The Search Console API, up to /webmasters/v3. */
  baseUrl: string;
  fetch?: typeof fetch;
}

const QUOTA_REASONS = new Set([
  "quotaExceeded",
  "rateLimitExceeded",
  "userRateLimitExceeded",
  "dailyLimitExceeded",
  "RATE_LIMIT_EXCEEDED",
  "RESOURCE_EXHAUSTED",
]);

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The reasons of Google's API error body `{ error: { code, message, errors: [{ reason }], status, details } }`. */
function reasonsOf(body: unknown): string[] {
  const error = record(record(body).error);
  const listed = [
    ...(Array.isArray(error.errors) ? error.errors : []),
    ...(Array.isArray(error.details) ? error.details : []),
  ].map((e) => record(e).reason);
  return [...listed, error.status].filter((r): r is string => typeof r === "string");
}

function apiFailure(status: number, body: unknown, what: string): GoogleError {
  const reasons = reasonsOf(body);
  if (status === 429 || reasons.some((r) => QUOTA_REASONS.has(r))) {
    return new GoogleError("quota", `Search Console's quota is used up (${what})`);
  }
  if (status === 401) return new GoogleError("token", `Google refused the access token (${what})`);
  if (status === 403 || status === 404) {
    return new GoogleError("no_access", `Search Console refused access (${what}, ${status})`);
  }
  if (status >= 400 && status < 500) {
    return new GoogleError("refused", `Search Console refused the request (${what}, ${status})`);
  }
  return new GoogleError("unavailable", `Search Console answered ${status} (${what})`);
}

/** A count Search Console sends as a JSON number; null when it is not a finite non-negative one. */
const metric = (value: unknown, max = Number.MAX_SAFE_INTEGER): number | null =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= max ? value : null;

/** A row of the documented shape, or null: keys [query, country], numeric metrics within their ranges. */
export function readRow(value: unknown): QueryRow | null {
  const row = record(value);
  const keys = row.keys;
  if (!Array.isArray(keys) || keys.length !== 2) return null;
  const [query, country] = keys;
  if (typeof query !== "string" || typeof country !== "string") return null;
  const text = query.trim();
  if (text === "" || text.length > 500 || !/^[a-z]{3}$/i.test(country)) return null;
  const clicks = metric(row.clicks);
  const impressions = metric(row.impressions);
  const ctr = metric(row.ctr, 1);
  const position = metric(row.position);
  if (clicks === null || impressions === null || ctr === null || position === null) return null;
  if (!Number.isInteger(clicks) || !Number.isInteger(impressions) || clicks > impressions) return null;
  return { query: text, country: country.toLowerCase(), clicks, impressions, ctr, position };
}

export function searchConsoleClient(o: GoogleEndpoints) {
  const send = o.fetch ?? fetch;

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

  /** The token endpoint: `invalid_grant` (a revoked, expired or used grant) is the user's to fix. */
  async function token(params: Record<string, string>, what: string) {
    const { status, body } = await call(
      o.tokenUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ client_id: o.clientId, client_secret: o.clientSecret, ...params }),
      },
      what,
    );
    const answer = record(body);
    if (status >= 500) throw new GoogleError("unavailable", `Google's token endpoint answered ${status}`);
    if (status === 400 && answer.error === "invalid_grant") {
      throw new GoogleError("token", "Google refused the grant (invalid_grant)");
    }
    if (status !== 200) {
      throw new GoogleError("refused", `Google's token endpoint refused ${what} (${String(answer.error)})`);
    }
    if (typeof answer.access_token !== "string" || answer.access_token === "") {
      throw new GoogleError("unavailable", `Google's token answer had no access token (${what})`);
    }
    return {
      accessToken: answer.access_token,
      refreshToken: typeof answer.refresh_token === "string" ? answer.refresh_token : null,
      scope: typeof answer.scope === "string" ? answer.scope : "",
    };
  }

  const authorized = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    accept: "application/json",
  });

  return {
    exchangeCode: (p: { code: string; codeVerifier: string; redirectUri: string }) =>
      token(
        {
          grant_type: "authorization_code",
          code: p.code,
          code_verifier: p.codeVerifier,
          redirect_uri: p.redirectUri,
        },
        "the code exchange",
      ),

    async refresh(refreshToken: string): Promise<string> {
      return (await token({ grant_type: "refresh_token", refresh_token: refreshToken }, "the refresh"))
        .accessToken;
    },

    /** sites.list: the properties the account can see, unverified ones left out (they give no data). */
    async sites(accessToken: string): Promise<ConnectorProperty[]> {
      const { status, body } = await call(
        `${o.baseUrl}/sites`,
        { headers: authorized(accessToken) },
        "sites.list",
      );
      if (status !== 200) throw apiFailure(status, body, "sites.list");
      // An account with no property answers {} without siteEntry.
      const entries = record(body).siteEntry;
      return (Array.isArray(entries) ? entries : []).flatMap((entry) => {
        const { siteUrl, permissionLevel } = record(entry);
        if (typeof siteUrl !== "string" || typeof permissionLevel !== "string") return [];
        if (permissionLevel === "siteUnverifiedUser" || siteUrl.length > 2048) return [];
        return [{ siteUrl, permissionLevel }];
      });
    },

    /** One page of searchAnalytics.query by query and country. */
    async queryPage(
      accessToken: string,
      p: { siteUrl: string; startDate: string; endDate: string; startRow: number; rowLimit: number },
    ): Promise<QueryPage> {
      const { status, body } = await call(
        `${o.baseUrl}/sites/${encodeURIComponent(p.siteUrl)}/searchAnalytics/query`,
        {
          method: "POST",
          headers: { ...authorized(accessToken), "content-type": "application/json" },
          body: JSON.stringify({
            startDate: p.startDate,
            endDate: p.endDate,
            dimensions: ["query", "country"],
            type: "web",
            rowLimit: p.rowLimit,
            startRow: p.startRow,
          }),
        },
        "searchAnalytics.query",
      );
      if (status !== 200) throw apiFailure(status, body, "searchAnalytics.query");
      // No data for the dates answers without `rows`; anything but an array there is not an answer we can read.
      const rows = record(body).rows ?? [];
      if (!Array.isArray(rows)) {
        throw new GoogleError("unavailable", "Search Console's answer had rows that were not a list");
      }
      const read = rows.map(readRow);
      return {
        rows: read.filter((r): r is QueryRow => r !== null),
        received: rows.length,
        malformed: read.filter((r) => r === null).length,
      };
    },

    /** Revokes the grant at Google; best effort (the token is forgotten here whatever Google answers). */
    async revoke(refreshToken: string): Promise<void> {
      try {
        await send(o.revokeUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token: refreshToken }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        // Google unreachable: the grant stays until the user removes it at myaccount.google.com.
      }
    },
  };
}

export type SearchConsoleClient = ReturnType<typeof searchConsoleClient>;
