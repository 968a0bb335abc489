import type { GoogleAdsCustomer } from "../../db/schema";
import { GoogleError, type GoogleOAuthEndpoints, googleOAuthClient, reasonsOf, record } from "./google-oauth";

/**
 * The Google Ads API over REST (no client library: Google's needs a newer Node), as the keyword planning connector
 * calls it: customers:listAccessibleCustomers, googleAds:search (the customer's name and currency) and
 * KeywordPlanIdeaService.generateKeywordHistoricalMetrics; Google's OAuth token endpoint is shared with Search
 * Console (google-oauth.ts). Every call carries the access token and the operator's developer token, and has a
 * timeout. None of them pages: listAccessibleCustomers and the historical metrics answer in one piece (up to
 * 10,000 keywords a request, far above the ~100 sent), and the customer query is one row.
 */

export interface GoogleAdsEndpoints extends GoogleOAuthEndpoints {
  developerToken: string;
  /** The Google Ads API, up to its version (…/v18). */
  baseUrl: string;
}

/** A keyword's planning figures, checked: counts as integers, bids in micros of the customer's currency. */
export interface KeywordMetrics {
  text: string;
  avgMonthlySearches: number | null;
  /** LOW, MEDIUM, HIGH; null when Google does not know. */
  competition: "low" | "medium" | "high" | null;
  /** 0–100. */
  competitionIndex: number | null;
  lowTopOfPageBidMicros: number | null;
  highTopOfPageBidMicros: number | null;
  /** Oldest first, `YYYY-MM`. */
  monthly: { month: string; searches: number }[];
}

export interface HistoricalMetrics {
  keywords: KeywordMetrics[];
  /** Results not of the documented shape, left out. */
  malformed: number;
}

export class GoogleAdsQuotaError extends GoogleError {
  constructor(
    message: string,
    /** How long Google asks to wait (QuotaErrorDetails.retryDelay), in seconds; null when it does not say. */
    readonly retryAfterSeconds: number | null,
  ) {
    super("quota", message);
  }
}

const NO_ACCESS = new Set([
  "PERMISSION_DENIED",
  "USER_PERMISSION_DENIED",
  "CUSTOMER_NOT_ENABLED",
  "CUSTOMER_NOT_FOUND",
  "NOT_FOUND",
]);
const DEVELOPER_TOKEN = new Set([
  "DEVELOPER_TOKEN_NOT_APPROVED",
  "DEVELOPER_TOKEN_PROHIBITED",
  "DEVELOPER_TOKEN_NOT_ON_ALLOWLIST",
]);

/** QuotaErrorDetails.retryDelay ("86400s"), in seconds, wherever Google Ads puts it in the failure. */
function retryDelayOf(body: unknown): number | null {
  const details = record(record(body).error).details;
  for (const detail of Array.isArray(details) ? details : []) {
    const errors = record(detail).errors;
    for (const error of Array.isArray(errors) ? errors : []) {
      const delay = record(record(record(error).details).quotaErrorDetails).retryDelay;
      const seconds = typeof delay === "string" ? /^(\d{1,7})(?:\.\d+)?s$/.exec(delay)?.[1] : undefined;
      if (seconds) return Number(seconds);
    }
  }
  return null;
}

export function adsFailure(status: number, body: unknown, what: string): GoogleError {
  const reasons = reasonsOf(body);
  if (status === 429 || reasons.includes("RESOURCE_EXHAUSTED")) {
    return new GoogleAdsQuotaError(`Google Ads' quota is used up (${what})`, retryDelayOf(body));
  }
  if (status === 401) return new GoogleError("token", `Google refused the access token (${what})`);
  if (reasons.some((r) => DEVELOPER_TOKEN.has(r))) {
    return new GoogleError("developer_token", `Google Ads refused the developer token (${what})`);
  }
  if (status === 403 || status === 404 || reasons.some((r) => NO_ACCESS.has(r))) {
    return new GoogleError("no_access", `Google Ads refused access (${what}, ${status})`);
  }
  if (status >= 400 && status < 500) {
    return new GoogleError("refused", `Google Ads refused the request (${what}, ${status})`);
  }
  return new GoogleError("unavailable", `Google Ads answered ${status} (${what})`);
}

/** An int64 as Google Ads' REST JSON sends it (a string, sometimes a number); null when not a non-negative integer. */
function int64(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

const MONTHS = [
  "JANUARY",
  "FEBRUARY",
  "MARCH",
  "APRIL",
  "MAY",
  "JUNE",
  "JULY",
  "AUGUST",
  "SEPTEMBER",
  "OCTOBER",
  "NOVEMBER",
  "DECEMBER",
];
const COMPETITION = { LOW: "low", MEDIUM: "medium", HIGH: "high" } as const;

/**
 * A result of generateKeywordHistoricalMetrics of the documented shape, or null. A result without
 * `keywordMetrics` (Google has no data for it) is read with empty figures; a field present but not of its type
 * makes the whole result malformed.
 */
export function readKeywordMetrics(value: unknown): KeywordMetrics | null {
  const result = record(value);
  if (typeof result.text !== "string") return null;
  const text = result.text.trim();
  if (text === "" || text.length > 500) return null;
  if (result.keywordMetrics !== undefined && record(result.keywordMetrics) !== result.keywordMetrics)
    return null;
  const m = record(result.keywordMetrics);
  const optional = (field: string) => {
    if (m[field] === undefined || m[field] === null) return { ok: true as const, value: null };
    const n = int64(m[field]);
    return n === null ? { ok: false as const } : { ok: true as const, value: n };
  };
  const searches = optional("avgMonthlySearches");
  const index = optional("competitionIndex");
  const low = optional("lowTopOfPageBidMicros");
  const high = optional("highTopOfPageBidMicros");
  if (!searches.ok || !index.ok || !low.ok || !high.ok) return null;
  if (index.value !== null && index.value > 100) return null;
  if (low.value !== null && high.value !== null && low.value > high.value) return null;
  const competition =
    m.competition === undefined
      ? null
      : typeof m.competition === "string"
        ? (COMPETITION[m.competition as keyof typeof COMPETITION] ?? null)
        : undefined;
  if (competition === undefined) return null;
  const volumes = m.monthlySearchVolumes ?? [];
  if (!Array.isArray(volumes)) return null;
  const monthly: KeywordMetrics["monthly"] = [];
  for (const entry of volumes) {
    const v = record(entry);
    const month = MONTHS.indexOf(String(v.month)) + 1;
    const year = int64(v.year);
    const n = v.monthlySearches === undefined ? null : int64(v.monthlySearches);
    if (month === 0 || year === null || year < 2000 || year > 2100) return null;
    // A month without a count (too recent, or no data): the trend needs every month, so it stays empty.
    if (n === null) return { ...base(), monthly: [] };
    monthly.push({ month: `${year}-${String(month).padStart(2, "0")}`, searches: n });
  }
  monthly.sort((a, b) => a.month.localeCompare(b.month));
  return { ...base(), monthly };

  function base() {
    return {
      text,
      avgMonthlySearches: searches.ok ? searches.value : null,
      competition: competition ?? null,
      competitionIndex: index.ok ? index.value : null,
      lowTopOfPageBidMicros: low.ok ? low.value : null,
      highTopOfPageBidMicros: high.ok ? high.value : null,
    };
  }
}

/** `customers/1234567890` → `1234567890`; null for anything else. */
export const customerIdOf = (resourceName: unknown): string | null =>
  typeof resourceName === "string" ? (/^customers\/(\d{1,20})$/.exec(resourceName)?.[1] ?? null) : null;

export function googleAdsClient(o: GoogleAdsEndpoints) {
  const oauth = googleOAuthClient(o);

  // No login-customer-id: the connector reads a customer the user reaches directly (listAccessibleCustomers), not
  // one under a manager account (docs/data-sources.md).
  const headers = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    "developer-token": o.developerToken,
    accept: "application/json",
    "content-type": "application/json",
  });

  async function api(
    accessToken: string,
    path: string,
    what: string,
    body?: object,
  ): Promise<Record<string, unknown>> {
    const { status, body: answer } = await oauth.call(
      `${o.baseUrl}/${path}`,
      {
        method: body ? "POST" : "GET",
        headers: headers(accessToken),
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      what,
    );
    if (status !== 200) throw adsFailure(status, answer, what);
    return record(answer);
  }

  return {
    exchangeCode: oauth.exchangeCode,
    refresh: oauth.refresh,
    revoke: oauth.revoke,

    /** The customers the Google user can reach directly (not those under a manager account). */
    async accessibleCustomers(accessToken: string): Promise<string[]> {
      const body = await api(accessToken, "customers:listAccessibleCustomers", "listAccessibleCustomers");
      // A user without a Google Ads account answers {} without resourceNames.
      const names = body.resourceNames ?? [];
      if (!Array.isArray(names)) {
        throw new GoogleError("unavailable", "Google Ads' answer had resourceNames that were not a list");
      }
      return [...new Set(names.map(customerIdOf).filter((id): id is string => id !== null))];
    },

    /** The customer's name and currency (GAQL on googleAds:search: one row, no paging). */
    async customer(accessToken: string, customerId: string): Promise<GoogleAdsCustomer> {
      const body = await api(accessToken, `customers/${customerId}/googleAds:search`, "googleAds:search", {
        query: "SELECT customer.id, customer.descriptive_name, customer.currency_code FROM customer",
      });
      const results = Array.isArray(body.results) ? body.results : [];
      const customer = record(record(results[0]).customer);
      const name =
        typeof customer.descriptiveName === "string" ? customer.descriptiveName.slice(0, 200) : null;
      const currency =
        typeof customer.currencyCode === "string" && /^[A-Z]{3}$/.test(customer.currencyCode)
          ? customer.currencyCode
          : null;
      return { id: customerId, name: name || null, currency };
    },

    /** generateKeywordHistoricalMetrics for the keywords, on Google Search in the geo target and language. */
    async historicalMetrics(
      accessToken: string,
      p: { customerId: string; keywords: string[]; geoTarget: string | null; language: string },
    ): Promise<HistoricalMetrics> {
      const body = await api(
        accessToken,
        `customers/${p.customerId}:generateKeywordHistoricalMetrics`,
        "generateKeywordHistoricalMetrics",
        {
          keywords: p.keywords,
          ...(p.geoTarget ? { geoTargetConstants: [p.geoTarget] } : {}),
          language: p.language,
          keywordPlanNetwork: "GOOGLE_SEARCH",
        },
      );
      // No keyword with data answers {} without results.
      const results = body.results ?? [];
      if (!Array.isArray(results)) {
        throw new GoogleError("unavailable", "Google Ads' answer had results that were not a list");
      }
      const read = results.map(readKeywordMetrics);
      return {
        keywords: read.filter((k): k is KeywordMetrics => k !== null),
        malformed: read.filter((k) => k === null).length,
      };
    },
  };
}

export type GoogleAdsClient = ReturnType<typeof googleAdsClient>;
