import type { searchconsole_v1 } from "@googleapis/searchconsole";
import type { OAuth2Client } from "google-auth-library";
import type { ConnectorProperty } from "../../db/schema";
import {
  GoogleError,
  type GoogleOAuthEndpoints,
  googleOAuthClient,
  reasonsOf,
  record,
  TIMEOUT_MS,
} from "./google-oauth";
import { answerOfFailure, oauthClient, searchConsoleApi } from "./google-vendor";

/**
 * The Search Console API as the connector calls it, through Google's Node client `@googleapis/searchconsole`
 * (searchconsole v1; its sites.list and searchanalytics.query keep the paths /webmasters/v3/…; google-vendor.ts):
 * requests and answers typed by the client (searchconsole_v1.Schema$…), the access token through
 * google-auth-library's OAuth2Client, whose token endpoint is shared with the Google Ads connector (google-oauth.ts).
 * Every call has a timeout; tokens travel in bodies and the Authorization header only, never in a URL or a log.
 */

export { GoogleError, type GoogleFailure } from "./google-oauth";

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

export interface GoogleEndpoints extends GoogleOAuthEndpoints {
  /** The Search Console API, up to /webmasters/v3. */
  baseUrl: string;
}

const QUOTA_REASONS = new Set([
  "quotaExceeded",
  "rateLimitExceeded",
  "userRateLimitExceeded",
  "dailyLimitExceeded",
  "RATE_LIMIT_EXCEEDED",
  "RESOURCE_EXHAUSTED",
]);

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
  const oauth = googleOAuthClient(o);
  const options = { ...o, timeoutMs: TIMEOUT_MS };

  /**
   * A call of Google's Search Console client (searchconsole v1) with the access token, its refusals classed
   * (apiFailure) and an answer that is not a JSON object taken for Google being unavailable.
   */
  async function call<T>(
    what: string,
    send: (api: searchconsole_v1.Searchconsole, auth: OAuth2Client) => Promise<{ data: T }>,
    accessToken: string,
  ): Promise<T> {
    const [api, auth] = await Promise.all([searchConsoleApi(options), oauthClient(options)]);
    auth.setCredentials({ access_token: accessToken });
    let data: T;
    try {
      ({ data } = await send(api, auth));
    } catch (error) {
      const answer = await answerOfFailure(error);
      if (!answer) throw error;
      if (answer.status === null) throw new GoogleError("unavailable", `Google did not answer (${what})`);
      throw apiFailure(answer.status, answer.body, what);
    }
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      throw new GoogleError("unavailable", `Google's answer was not JSON (${what})`);
    }
    return data;
  }

  return {
    exchangeCode: oauth.exchangeCode,
    refresh: oauth.refresh,
    revoke: oauth.revoke,

    /** sites.list: the properties the account can see, unverified ones left out (they give no data). */
    async sites(accessToken: string): Promise<ConnectorProperty[]> {
      const body: searchconsole_v1.Schema$SitesListResponse = await call(
        "sites.list",
        (api, auth) => api.sites.list({ auth }),
        accessToken,
      );
      // An account with no property answers {} without siteEntry.
      const entries: unknown = body.siteEntry ?? [];
      return (Array.isArray(entries) ? entries : []).flatMap((entry: searchconsole_v1.Schema$WmxSite) => {
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
      const requestBody: searchconsole_v1.Schema$SearchAnalyticsQueryRequest = {
        startDate: p.startDate,
        endDate: p.endDate,
        dimensions: ["query", "country"],
        type: "web",
        rowLimit: p.rowLimit,
        startRow: p.startRow,
      };
      const body: searchconsole_v1.Schema$SearchAnalyticsQueryResponse = await call(
        "searchAnalytics.query",
        (api, auth) => api.searchanalytics.query({ auth, siteUrl: p.siteUrl, requestBody }),
        accessToken,
      );
      // No data for the dates answers without `rows`; anything but an array there is not an answer we can read.
      const rows: unknown = body.rows ?? [];
      if (!Array.isArray(rows)) {
        throw new GoogleError("unavailable", "Search Console's answer had rows that were not a list");
      }
      // Each row is checked against searchconsole_v1.Schema$ApiDataRow's documented shape (readRow).
      const read = rows.map(readRow);
      return {
        rows: read.filter((r): r is QueryRow => r !== null),
        received: rows.length,
        malformed: read.filter((r) => r === null).length,
      };
    },
  };
}

export type SearchConsoleClient = ReturnType<typeof searchConsoleClient>;
