import type { GoogleAdsCustomer } from "../../db/schema";
import type {
  Customer,
  GenerateKeywordHistoricalMetricsRequest,
  GenerateKeywordHistoricalMetricsResponse,
  ListAccessibleCustomersResponse,
  SearchGoogleAdsRequest,
  SearchGoogleAdsResponse,
} from "./google-ads-types";
import { GoogleError, type GoogleOAuthEndpoints, googleOAuthClient, reasonsOf, record } from "./google-oauth";

/**
 * The Google Ads API over REST (Google has no Node client for it; its requests and answers are typed from the REST
 * reference in google-ads-types.ts, and the token endpoint goes through google-auth-library), as the keyword
 * planning connector calls it: customers:listAccessibleCustomers, googleAds:search (the customer's name and currency) and
 * KeywordPlanIdeaService.generateKeywordHistoricalMetrics; Google's OAuth token endpoint is shared with Search
 * Console (google-oauth.ts). Every call carries the access token, and the operator's developer token only when one
 * is configured (Google retired developer tokens on 9 September 2026: the header is optional and ignored, access
 * follows the Google Cloud project of the OAuth client). Each call has a timeout. None of them pages:
 * listAccessibleCustomers and the historical metrics answer in one piece (up to 10,000 keywords a request, far
 * above the ~100 sent), and the customer query is one row.
 */

/**
 * The Google Ads API version called, with Google's dates, so that the start-up check (vendor-versions.ts)
 * and docs/data-sources.md can say when it must be moved. v26 was released on 14 October 2026 ("Announcing v26 of
 * the Google Ads API", developers.google.com/ads/blog/posts/2026/10/announcing-v26-of-google-ads-api); its sunset
 * is published as "November 2027", tentative and by month only ("More frequent releases coming for the Google Ads
 * API", developers.google.com/ads/blog/posts/2025/09/more-frequent-releases-coming-for; the schedule is kept at
 * developers.google.com/google-ads/api/docs/sunset-dates): the month's first day is kept, so warnings come early.
 */
export const GOOGLE_ADS_API_VERSION = {
  vendor: "Google Ads API",
  version: "v26",
  sunset: "2027-11-01",
  source: "https://developers.google.com/google-ads/api/docs/sunset-dates",
} as const;

export interface GoogleAdsEndpoints extends GoogleOAuthEndpoints {
  /** Sent only when the operator still configures one (Google ignores it since 9 September 2026). */
  developerToken: string | undefined;
  /** The Google Ads API's address, without the version (GOOGLE_ADS_API_VERSION adds it). */
  baseUrl: string;
}

/** A keyword's planning figures, checked: counts as integers, bids in micros of the customer's currency. */
export interface KeywordMetrics {
  text: string;
  /**
   * The requested keywords Google merged into this result (GenerateKeywordHistoricalMetricsResult.close_variants:
   * "car" and "cars" come back as one); empty once matched to the request (matchToRequest).
   */
  closeVariants: string[];
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
  /** One per requested keyword Google had a result for, in the request's spelling. */
  keywords: KeywordMetrics[];
  /** Results not of the documented shape, left out. */
  malformed: number;
  /** Results that named no requested keyword (neither as text nor as a close variant), left out. */
  unmatched: number;
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

/**
 * The codes of Google Ads' failures (GoogleAdsFailure.errors[].errorCode, AuthorizationErrorEnum and
 * RequestErrorEnum in the API reference), by whose problem it is. The operator's: the Cloud project behind the
 * OAuth client has test access only (CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION since v25; DEVELOPER_TOKEN_NOT_APPROVED,
 * deprecated, before), or the Google Ads API is not enabled in it, or a developer token still sent is refused; the
 * version is no longer served. The user's: their
 * Google account cannot use the customer, or not for this method (ACTION_NOT_PERMITTED).
 */
const PROJECT = [
  "CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION",
  "DEVELOPER_TOKEN_NOT_APPROVED",
  "PROJECT_DISABLED",
  "SERVICE_DISABLED",
];
const NO_ACCESS = [
  "USER_PERMISSION_DENIED",
  "ACTION_NOT_PERMITTED",
  "ACTION_NOT_PERMITTED_FOR_SUSPENDED_ACCOUNT",
  "CUSTOMER_NOT_ENABLED",
  "CUSTOMER_NOT_FOUND",
];

/** QuotaErrorDetails.retryDelay ("86400s"), in seconds, wherever Google Ads puts it in the failure. */
function retryDelayOf(body: unknown): number | null {
  for (const error of adsErrors(body)) {
    const delay = record(record(record(error).details).quotaErrorDetails).retryDelay;
    const seconds = typeof delay === "string" ? /^(\d{1,7})(?:\.\d+)?s$/.exec(delay)?.[1] : undefined;
    if (seconds) return Number(seconds);
  }
  return null;
}

/** The errors of a GoogleAdsFailure in Google's error body (`error.details[].errors[]`); none for another body. */
function adsErrors(body: unknown): unknown[] {
  const details = record(record(body).error).details;
  return (Array.isArray(details) ? details : []).flatMap((detail) => {
    const errors = record(detail).errors;
    return Array.isArray(errors) ? errors : [];
  });
}

/**
 * A refused Google Ads call, classed by whose it is to fix. A 404 without a GoogleAdsFailure is the version's path
 * gone (Google answers a bare 404 once a version is sunset, as UNSUPPORTED_VERSION before): the operator's, like an
 * unapproved project, so neither is ever taken for the user's lost access.
 */
export function adsFailure(status: number, body: unknown, what: string): GoogleError {
  const reasons = reasonsOf(body);
  const first = (codes: string[]) => reasons.find((r) => codes.includes(r));
  const version = GOOGLE_ADS_API_VERSION.version;
  if (reasons.includes("UNSUPPORTED_VERSION") || (status === 404 && adsErrors(body).length === 0)) {
    return new GoogleError("version", `Google Ads no longer serves API ${version} (${what}, ${status})`);
  }
  if (status === 429 || reasons.includes("RESOURCE_EXHAUSTED")) {
    return new GoogleAdsQuotaError(`Google Ads' quota is used up (${what})`, retryDelayOf(body));
  }
  if (status === 401) return new GoogleError("token", `Google refused the access token (${what})`);
  // A developer token still configured and refused (DEVELOPER_TOKEN_PROHIBITED, _INVALID…): the operator's too.
  const project = first(PROJECT) ?? reasons.find((r) => r.startsWith("DEVELOPER_TOKEN_"));
  if (project) {
    return new GoogleError("project", `Google Ads refused the Cloud project (${what}, ${project})`, project);
  }
  const denied = first(NO_ACCESS);
  if (denied || status === 403 || status === 404) {
    return new GoogleError("no_access", `Google Ads refused access (${what}, ${status})`, denied);
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
  const variants = result.closeVariants ?? [];
  if (!Array.isArray(variants) || !variants.every((v) => typeof v === "string")) return null;
  const closeVariants = variants.map((v) => v.trim()).filter((v) => v !== "");
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
      closeVariants,
      avgMonthlySearches: searches.ok ? searches.value : null,
      competition: competition ?? null,
      competitionIndex: index.ok ? index.value : null,
      lowTopOfPageBidMicros: low.ok ? low.value : null,
      highTopOfPageBidMicros: high.ok ? high.value : null,
    };
  }
}

/**
 * Google's results matched to the keywords asked: Google dedupes close variants ("car" and "cars" asked, one result
 * whose `text` is one of them and whose `closeVariants` lists the others), so each asked keyword takes the figures of
 * the result that names it, as text or as a close variant, case aside; a keyword no result names had no data. Each
 * keyword keeps the spelling it was asked in, which is the brand's own row's. A result that names no asked keyword is
 * left out and counted.
 */
export function matchToRequest(
  asked: string[],
  results: KeywordMetrics[],
): { keywords: KeywordMetrics[]; unmatched: number } {
  const byText = new Map<string, KeywordMetrics>();
  for (const result of results) {
    for (const name of [result.text, ...result.closeVariants]) {
      const key = name.toLowerCase();
      if (!byText.has(key)) byText.set(key, result);
    }
  }
  const used = new Set<KeywordMetrics>();
  const keywords = asked.flatMap((text) => {
    const result = byText.get(text.toLowerCase());
    if (!result) return [];
    used.add(result);
    return [{ ...result, text, closeVariants: [] }];
  });
  return { keywords, unmatched: results.filter((r) => !used.has(r)).length };
}

/** `customers/1234567890` → `1234567890`; null for anything else. */
export const customerIdOf = (resourceName: unknown): string | null =>
  typeof resourceName === "string" ? (/^customers\/(\d{1,20})$/.exec(resourceName)?.[1] ?? null) : null;

/** The most customers whose name and currency are asked for when listing them. */
const DESCRIBED_CUSTOMERS = 20;

export function googleAdsClient(o: GoogleAdsEndpoints) {
  const oauth = googleOAuthClient(o);

  // No login-customer-id: the connector reads a customer the user reaches directly (listAccessibleCustomers), not
  // one under a manager account (docs/data-sources.md).
  const headers = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    ...(o.developerToken ? { "developer-token": o.developerToken } : {}),
    accept: "application/json",
    "content-type": "application/json",
  });

  /**
   * One call, its request and answer of the types of Google's REST reference (google-ads-types.ts). The answer is
   * the JSON object Google sent, seen as that type: the readers below still check each field they use.
   */
  async function api<Answer extends object>(
    accessToken: string,
    path: string,
    what: string,
    body?: SearchGoogleAdsRequest | GenerateKeywordHistoricalMetricsRequest,
  ): Promise<Answer> {
    const { status, body: answer } = await oauth.call(
      `${o.baseUrl}/${GOOGLE_ADS_API_VERSION.version}/${path}`,
      {
        method: body ? "POST" : "GET",
        headers: headers(accessToken),
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      what,
    );
    if (status !== 200) throw adsFailure(status, answer, what);
    return record(answer) as Answer;
  }

  return {
    exchangeCode: oauth.exchangeCode,
    refresh: oauth.refresh,
    revoke: oauth.revoke,

    /** The customers the Google user can reach directly (not those under a manager account). */
    async accessibleCustomers(accessToken: string): Promise<string[]> {
      const body = await api<ListAccessibleCustomersResponse>(
        accessToken,
        "customers:listAccessibleCustomers",
        "listAccessibleCustomers",
      );
      // A user without a Google Ads account answers {} without resourceNames.
      const names: unknown = body.resourceNames ?? [];
      if (!Array.isArray(names)) {
        throw new GoogleError("unavailable", "Google Ads' answer had resourceNames that were not a list");
      }
      return [...new Set(names.map(customerIdOf).filter((id): id is string => id !== null))];
    },

    /**
     * The accessible customers, the first DESCRIBED_CUSTOMERS with their names and currencies (best effort: one
     * Google will not describe, a cancelled account, is listed bare), the others bare.
     */
    async describedCustomers(accessToken: string): Promise<GoogleAdsCustomer[]> {
      const ids = await this.accessibleCustomers(accessToken);
      const described = await Promise.all(
        ids.slice(0, DESCRIBED_CUSTOMERS).map(async (id) => {
          try {
            return await this.customer(accessToken, id);
          } catch (error) {
            if (!(error instanceof GoogleError)) throw error;
            return { id, name: null, currency: null };
          }
        }),
      );
      return [
        ...described,
        ...ids.slice(DESCRIBED_CUSTOMERS).map((id) => ({ id, name: null, currency: null })),
      ];
    },

    /** The customer's name and currency (GAQL on googleAds:search: one row, no paging). */
    async customer(accessToken: string, customerId: string): Promise<GoogleAdsCustomer> {
      const body = await api<SearchGoogleAdsResponse>(
        accessToken,
        `customers/${customerId}/googleAds:search`,
        "googleAds:search",
        { query: "SELECT customer.id, customer.descriptive_name, customer.currency_code FROM customer" },
      );
      const results: unknown = body.results;
      const customer: Customer = record(record(Array.isArray(results) ? results[0] : undefined).customer);
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
      const request: GenerateKeywordHistoricalMetricsRequest = {
        keywords: p.keywords,
        geoTargetConstants: p.geoTarget ? [p.geoTarget] : undefined,
        language: p.language,
        keywordPlanNetwork: "GOOGLE_SEARCH",
      };
      const body = await api<GenerateKeywordHistoricalMetricsResponse>(
        accessToken,
        `customers/${p.customerId}:generateKeywordHistoricalMetrics`,
        "generateKeywordHistoricalMetrics",
        request,
      );
      // No keyword with data answers {} without results; each result is checked against
      // GenerateKeywordHistoricalMetricsResult's documented shape (readKeywordMetrics).
      const results: unknown = body.results ?? [];
      if (!Array.isArray(results)) {
        throw new GoogleError("unavailable", "Google Ads' answer had results that were not a list");
      }
      const read = results.map(readKeywordMetrics);
      return {
        ...matchToRequest(
          p.keywords,
          read.filter((k): k is KeywordMetrics => k !== null),
        ),
        malformed: read.filter((k) => k === null).length,
      };
    },
  };
}

export type GoogleAdsClient = ReturnType<typeof googleAdsClient>;
