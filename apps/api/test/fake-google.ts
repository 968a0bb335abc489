import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { searchconsole_v1 } from "@googleapis/searchconsole";
import type { CredentialRequest } from "google-auth-library";
import type {
  GenerateKeywordHistoricalMetricsResponse,
  GenerateKeywordHistoricalMetricsResult,
  GoogleAdsErrorBody,
  ListAccessibleCustomersResponse,
  SearchGoogleAdsResponse,
} from "../src/modules/connectors/google-ads-types";
import type { GoogleApiErrorBody, OAuthErrorBody } from "../src/modules/connectors/google-vendor";
import { redirectAfterConsent } from "./consent-redirect";
import adsCustomerSearch from "./fixtures/google-ads/customer-search.json" with { type: "json" };
import adsActionNotPermitted from "./fixtures/google-ads/error-action-not-permitted.json" with {
  type: "json",
};
import adsNotApproved from "./fixtures/google-ads/error-cloud-project-not-approved.json" with {
  type: "json",
};
import adsResourceExhausted from "./fixtures/google-ads/error-resource-exhausted.json" with { type: "json" };
import adsUnsupportedVersion from "./fixtures/google-ads/error-unsupported-version.json" with {
  type: "json",
};
import adsPermissionDenied from "./fixtures/google-ads/error-user-permission-denied.json" with {
  type: "json",
};
import adsMetrics from "./fixtures/google-ads/keyword-historical-metrics.json" with { type: "json" };
import adsMetricsMalformed from "./fixtures/google-ads/keyword-historical-metrics-malformed.json" with {
  type: "json",
};
import forbidden from "./fixtures/search-console/error-forbidden.json" with { type: "json" };
import invalidGrant from "./fixtures/search-console/error-invalid-grant.json" with { type: "json" };
import quotaExceeded from "./fixtures/search-console/error-quota-exceeded.json" with { type: "json" };
import rateLimit from "./fixtures/search-console/error-rate-limit.json" with { type: "json" };
import searchAnalytics from "./fixtures/search-console/search-analytics.json" with { type: "json" };
import searchAnalyticsMalformed from "./fixtures/search-console/search-analytics-malformed.json" with {
  type: "json",
};
import sitesFixture from "./fixtures/search-console/sites.json" with { type: "json" };
import tokenFixture from "./fixtures/search-console/token.json" with { type: "json" };
import tokenRefresh from "./fixtures/search-console/token-refresh.json" with { type: "json" };
import { vendorShaped } from "./vendor-shape";

/*
 * A local stand-in for Google's OAuth 2.0 endpoints (consent, token, revoke) and the Search Console API v3, answered
 * from test/fixtures/search-console/ in Google's documented shapes. The consent page is not a page: `consent()` plays
 * the user who agrees, checking what Google checks (client, redirect URI, scope, PKCE) and answering the code and
 * state Google would put on the redirect; a browser sent to the consent URL is redirected back at once. The token endpoint checks the PKCE verifier against the challenge.
 * It also stands in for the Google Ads API over REST, answered from test/fixtures/google-ads/ in the shapes of
 * Google's REST reference (developers.google.com/google-ads/api/rest/reference/rest/v26: customers:listAccessibleCustomers,
 * customers.googleAds.search, customers:generateKeywordHistoricalMetrics and its GenerateKeywordHistoricalMetricsResult,
 * whose `closeVariants` lists the requested keywords merged into one result) and of its errors (GoogleAdsFailure in
 * `error.details`, AuthorizationErrorEnum, RequestErrorEnum, QuotaErrorDetails). It serves the versions Google served
 * in December 2026 (ADS_VERSIONS_SERVED, from the sunset dates on developers.google.com/google-ads/api/docs/sunset-dates
 * and the developer blog), and any other version's path is a bare 404, as Google's front end answers a sunset one.
 * Every call needs the access token; the developer-token header is recorded, never required: Google retired
 * developer tokens on 9 September 2026 and ignores the header (developers.google.com/google-ads/api/docs/api-policy/developer-token).
 * Every answer is of the type the vendor declares for it: Google's Node clients' (searchconsole_v1.Schema$…,
 * google-auth-library's CredentialRequest for the token endpoint) and, for Google Ads, the REST reference's
 * (src/modules/connectors/google-ads-types.ts); the fixtures are checked against them field by field
 * (vendorShaped), so a fake that drifts from Google's shapes fails to type-check. The malformed fixtures are off
 * those shapes on purpose, and served as they are.
 */

const FIXTURES = {
  "token.json": vendorShaped<CredentialRequest>()(tokenFixture),
  "token-refresh.json": vendorShaped<CredentialRequest>()(tokenRefresh),
  "sites.json": vendorShaped<searchconsole_v1.Schema$SitesListResponse>()(sitesFixture),
  "search-analytics.json":
    vendorShaped<searchconsole_v1.Schema$SearchAnalyticsQueryResponse>()(searchAnalytics),
  "search-analytics-malformed.json": searchAnalyticsMalformed as { rows: unknown[] },
  "error-invalid-grant.json": vendorShaped<OAuthErrorBody>()(invalidGrant),
  "error-quota-exceeded.json": vendorShaped<GoogleApiErrorBody>()(quotaExceeded),
  "error-rate-limit.json": vendorShaped<GoogleApiErrorBody>()(rateLimit),
  "error-forbidden.json": vendorShaped<GoogleApiErrorBody>()(forbidden),
};
/** A fresh copy of a fixture, which the fake may change. */
const fixture = <K extends keyof typeof FIXTURES>(name: K): (typeof FIXTURES)[K] =>
  structuredClone(FIXTURES[name]);
const ADS_FIXTURES = {
  "customer-search.json": vendorShaped<SearchGoogleAdsResponse>()(adsCustomerSearch),
  "keyword-historical-metrics.json": vendorShaped<GenerateKeywordHistoricalMetricsResponse>()(adsMetrics),
  "keyword-historical-metrics-malformed.json": adsMetricsMalformed as object,
  "error-resource-exhausted.json": vendorShaped<GoogleAdsErrorBody>()(adsResourceExhausted),
  "error-cloud-project-not-approved.json": vendorShaped<GoogleAdsErrorBody>()(adsNotApproved),
  "error-unsupported-version.json": vendorShaped<GoogleAdsErrorBody>()(adsUnsupportedVersion),
  "error-user-permission-denied.json": vendorShaped<GoogleAdsErrorBody>()(adsPermissionDenied),
  "error-action-not-permitted.json": vendorShaped<GoogleAdsErrorBody>()(adsActionNotPermitted),
};
const adsFixture = <K extends keyof typeof ADS_FIXTURES>(name: K): (typeof ADS_FIXTURES)[K] =>
  structuredClone(ADS_FIXTURES[name]);

export const FAKE_DEVELOPER_TOKEN = "fakeDevToken-ABCdef123";
/** v22 was sunset on 7 October 2026; v23 (February 2027) to v26 (released 14 October 2026) are served. */
export const ADS_VERSIONS_SERVED = ["v23", "v24", "v25", "v26"];
const SCOPES = [
  "https://www.googleapis.com/auth/webmasters.readonly",
  "https://www.googleapis.com/auth/adwords",
];

export const FAKE_CLIENT_ID = "1234567890-fake.apps.googleusercontent.com";

/**
 * The Google accounts that can agree on the consent page are named by the test: "owner" (whose refresh token is
 * token.json's, and whose properties and Ads customers the fixtures list) unless another name is given, each with a
 * `sub` and a refresh token of its own. A grant is an account's to the OAuth client: revoking any of its tokens ends
 * every token of that account, as Google's revoke does
 * (developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke).
 */
export const subjectOf = (account: string): string =>
  account === "owner"
    ? "109876543210987654321"
    : `1${BigInt(`0x${createHash("sha256").update(account).digest("hex").slice(0, 15)}`)
        .toString()
        .padStart(20, "0")}`;

/** An ID token as Google's token endpoint returns it with the `openid` scope (signature not checked by the app). */
function idToken(subject: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return [
    part({ alg: "RS256", kid: "fake", typ: "JWT" }),
    part({
      iss: "https://accounts.google.com",
      aud: FAKE_CLIENT_ID,
      sub: subject,
      iat: now,
      exp: now + 3600,
    }),
    "fakeSignature",
  ].join(".");
}
export const FAKE_CLIENT_SECRET = "GOCSPX-fakeClientSecret";

interface Site {
  siteUrl: string;
  permissionLevel: string;
}

interface Account {
  refreshToken: string;
  sites: Site[];
}

export interface FakeGoogle {
  /**
   * Base URLs for GOOGLE_OAUTH_AUTHORIZE_URL, GOOGLE_OAUTH_TOKEN_URL, GOOGLE_OAUTH_REVOKE_URL and the APIs (the
   * Google Ads connector needs no GOOGLE_ADS_DEVELOPER_TOKEN: a test may add FAKE_DEVELOPER_TOKEN to see it sent).
   */
  env: Record<string, string>;
  /** The refresh token the code exchange hands out (fixtures/search-console/token.json). */
  refreshToken: string;
  /** The properties of the account (sites.json; change them to take access away). */
  sites: Site[];
  /**
   * Refresh tokens Google no longer accepts (revoked or expired): their refresh answers invalid_grant. A revoke adds
   * every token of the account it names; the account's next consent is a new grant.
   */
  revoked: Set<string>;
  /** The accounts whose grant a call to the revoke endpoint ended, by name, in order. */
  revokedAccounts: string[];
  /** Every call to the API and the token endpoint, as `METHOD path` plus the query body's startRow. */
  calls: string[];
  /** Answer searchAnalytics.query with this fixture's error while set. */
  queryError: "quota" | "rate" | undefined;
  /** Answer searchAnalytics.query with the malformed rows while set. */
  malformed: boolean;
  /** Synthetic rows added after the fixture's, for paging. */
  extraRows: number;
  /** Their country: by default "zzz" (unknown), which the connector reads but does not store, so paging is fast. */
  extraRowsCountry: string;
  /** Google Ads: the customers the user reaches (listAccessibleCustomers); others answer USER_PERMISSION_DENIED. */
  adsCustomers: string[];
  /**
   * Google Ads: answer the API with this failure while set: the quota spent, the user's lost access to the customer
   * (USER_PERMISSION_DENIED) or to the method (ACTION_NOT_PERMITTED), the operator's Cloud project with test access
   * only (CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION), the version refused (UNSUPPORTED_VERSION).
   */
  adsError:
    | "quota"
    | "permission"
    | "action_not_permitted"
    | "not_approved"
    | "unsupported_version"
    | undefined;
  /** Google Ads: the API versions served; take one away to sunset it. */
  adsVersions: string[];
  /** Google Ads: the developer-token header of each call (undefined when none was sent). */
  adsDeveloperTokens: (string | undefined)[];
  /** Google Ads: answer generateKeywordHistoricalMetrics with the malformed results while set. */
  adsMalformed: boolean;
  /** Google Ads: the last generateKeywordHistoricalMetrics request body. */
  lastMetricsRequest: Record<string, unknown> | undefined;
  /** Answer the next `n` API calls with 503. */
  failNext(n: number): void;
  /**
   * A user agreeing on the consent page of `authorizeUrl` (the owner unless `account` names another Google account):
   * the query Google redirects back with.
   */
  consent(authorizeUrl: string, account?: string): { code: string; state: string; redirectUri: string };
  /** The refresh token the code exchange hands out for an account ("owner": `refreshToken`). */
  refreshTokenOf(account: string): string;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const token = fixture("token.json");
  const refreshAnswer = fixture("token-refresh.json");
  const codes = new Map<string, { redirectUri: string; challenge: string; account: string; scope: string }>();
  const accessTokens = new Set<string>([String(token.access_token)]);
  let failures = 0;
  let baseUrl = "";

  const account: Account = {
    refreshToken: String(token.refresh_token),
    sites: (fixture("sites.json").siteEntry ?? []).flatMap(({ siteUrl, permissionLevel }) =>
      siteUrl && permissionLevel ? [{ siteUrl, permissionLevel }] : [],
    ),
  };

  const refreshTokenOf = (name: string) =>
    name === "owner" ? account.refreshToken : `1//09fakeRefreshTokenOf-${name}`;
  const accountOfToken = (refreshToken: string): string | undefined =>
    refreshToken === account.refreshToken
      ? "owner"
      : /^1\/\/09fakeRefreshTokenOf-(.+)$/.exec(refreshToken)?.[1];

  const fake: Omit<FakeGoogle, "env" | "close"> = {
    refreshToken: account.refreshToken,
    get sites() {
      return account.sites;
    },
    set sites(sites: Site[]) {
      account.sites = sites;
    },
    revoked: new Set(),
    revokedAccounts: [],
    refreshTokenOf,
    calls: [],
    queryError: undefined,
    malformed: false,
    extraRows: 0,
    extraRowsCountry: "zzz",
    adsCustomers: ["1234567890", "9876543210"],
    adsError: undefined,
    adsVersions: [...ADS_VERSIONS_SERVED],
    adsDeveloperTokens: [],
    adsMalformed: false,
    lastMetricsRequest: undefined,
    failNext: (n) => {
      failures = n;
    },
    consent(authorizeUrl, name = "owner") {
      const url = new URL(authorizeUrl);
      const q = url.searchParams;
      if (`${url.origin}${url.pathname}` !== `${baseUrl}/o/oauth2/v2/auth`)
        throw new Error("not the fake's page");
      // Google takes any of its scopes; the fake takes only what a Brandscope connector must ask: `openid` (for the
      // account's `sub`) and one connector's own scope, never the scopes granted before (include_granted_scopes).
      const scopes = (q.get("scope") ?? "").split(" ");
      const own = scopes.filter((scope) => scope !== "openid");
      if (!scopes.includes("openid") || own.length !== 1 || !SCOPES.includes(own[0] ?? ""))
        throw new Error(`Brandscope must ask openid and one connector's scope, not scope=${q.get("scope")}`);
      if (q.has("include_granted_scopes"))
        throw new Error("Brandscope must not ask for the scopes granted before (include_granted_scopes)");
      const expected = {
        client_id: FAKE_CLIENT_ID,
        response_type: "code",
        access_type: "offline",
        prompt: "consent",
        code_challenge_method: "S256",
      };
      for (const [name, value] of Object.entries(expected)) {
        if (q.get(name) !== value) throw new Error(`Google would refuse ${name}=${q.get(name)}`);
      }
      const state = q.get("state");
      const challenge = q.get("code_challenge");
      const redirectUri = q.get("redirect_uri");
      if (!state || !challenge || !redirectUri)
        throw new Error("Google would refuse: state, PKCE and redirect_uri");
      const code = `4/0AfJohX${randomBytes(12).toString("base64url")}`;
      codes.set(code, { redirectUri, challenge, account: name, scope: q.get("scope") ?? "" });
      return { code, state, redirectUri };
    },
  };

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };

  async function bodyOf(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function tokenEndpoint(res: ServerResponse, form: URLSearchParams) {
    if (form.get("client_id") !== FAKE_CLIENT_ID || form.get("client_secret") !== FAKE_CLIENT_SECRET) {
      const invalidClient: OAuthErrorBody = {
        error: "invalid_client",
        error_description: "The OAuth client was not found.",
      };
      return send(res, 401, invalidClient);
    }
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!code || code.redirectUri !== form.get("redirect_uri") || code.challenge !== challenge) {
        const refused: OAuthErrorBody = { error: "invalid_grant", error_description: "Bad Request" };
        return send(res, 400, refused);
      }
      // A consent after a revoke is a new grant of the account.
      const refreshToken = refreshTokenOf(code.account);
      fake.revoked.delete(refreshToken);
      const tokens: CredentialRequest = {
        access_token: token.access_token,
        expires_in: token.expires_in,
        token_type: token.token_type,
        refresh_token: refreshToken,
        scope: code.scope,
        id_token: idToken(subjectOf(code.account)),
      };
      return send(res, 200, tokens);
    }
    if (form.get("grant_type") === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      if (!accountOfToken(refresh) || fake.revoked.has(refresh)) {
        return send(res, 400, fixture("error-invalid-grant.json"));
      }
      accessTokens.add(String(refreshAnswer.access_token));
      return send(res, 200, refreshAnswer);
    }
    const unsupported: OAuthErrorBody = { error: "unsupported_grant_type" };
    return send(res, 400, unsupported);
  }

  function rowsFrom(startRow: number, rowLimit: number): searchconsole_v1.Schema$ApiDataRow[] {
    // The malformed rows are off the documented shape on purpose: the connector must leave them out.
    const base = fake.malformed
      ? (fixture("search-analytics-malformed.json").rows as searchconsole_v1.Schema$ApiDataRow[])
      : (fixture("search-analytics.json").rows ?? []);
    const synthetic = Array.from(
      { length: fake.extraRows },
      (_, i): searchconsole_v1.Schema$ApiDataRow => ({
        keys: [`lumora long tail query ${i}`, fake.extraRowsCountry],
        clicks: i % 3,
        impressions: 10 + (i % 50),
        ctr: (i % 3) / (10 + (i % 50)),
        position: 20 + (i % 40),
      }),
    );
    return [...base, ...synthetic].slice(startRow, startRow + rowLimit);
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = req.method === "POST" ? await bodyOf(req) : "";
    const path = url.pathname;
    if (path === "/token") {
      fake.calls.push(`POST /token ${new URLSearchParams(body).get("grant_type")}`);
      return tokenEndpoint(res, new URLSearchParams(body));
    }
    if (req.method === "GET" && path === "/o/oauth2/v2/auth") {
      // A browser on the consent page, and the user choosing Allow: Google redirects back with the code and state.
      redirectAfterConsent(
        res,
        () => fake.consent(`${baseUrl}${req.url}`),
        (message) => send(res, 400, { error: "invalid_request", error_description: message }),
      );
      return;
    }
    if (path === "/revoke") {
      const revoked = new URLSearchParams(body).get("token") ?? "";
      fake.calls.push("POST /revoke");
      const name = accountOfToken(revoked);
      if (!name) return send(res, 400, { error: "invalid_token" });
      // The whole grant of the account ends, whichever connector's token was sent.
      fake.revoked.add(refreshTokenOf(name));
      fake.revokedAccounts.push(name);
      return send(res, 200, {});
    }
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!accessTokens.has(bearer)) {
      const unauthenticated: GoogleApiErrorBody = {
        error: {
          code: 401,
          message: "Request had invalid authentication credentials.",
          status: "UNAUTHENTICATED",
        },
      };
      return send(res, 401, unauthenticated);
    }
    if (failures > 0) {
      failures -= 1;
      fake.calls.push(`${req.method} ${path} 503`);
      const unavailable: GoogleApiErrorBody = {
        error: { code: 503, message: "The service is currently unavailable." },
      };
      return send(res, 503, unavailable);
    }
    const ads = /^\/(v\d+)\/(.+)$/.exec(path);
    if (ads) return googleAds(req, res, ads[1] ?? "", ads[2] ?? "", body);
    if (req.method === "GET" && path === "/webmasters/v3/sites") {
      fake.calls.push("GET sites");
      // An account without a property answers an empty object, without siteEntry.
      const sites: searchconsole_v1.Schema$SitesListResponse = {
        siteEntry: account.sites.length > 0 ? account.sites : undefined,
      };
      return send(res, 200, sites);
    }
    const query = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(path);
    if (req.method === "POST" && query) {
      const siteUrl = decodeURIComponent(query[1] ?? "");
      const request = JSON.parse(body || "{}") as Record<string, unknown>;
      const startRow = Number(request.startRow ?? 0);
      const rowLimit = Math.min(Number(request.rowLimit ?? 1000), 25_000);
      fake.calls.push(`POST query ${siteUrl} startRow=${startRow}`);
      if (fake.queryError === "quota") return send(res, 403, fixture("error-quota-exceeded.json"));
      if (fake.queryError === "rate") return send(res, 429, fixture("error-rate-limit.json"));
      const site = account.sites.find(
        (s) => s.siteUrl === siteUrl && s.permissionLevel !== "siteUnverifiedUser",
      );
      if (!site) return send(res, 403, fixture("error-forbidden.json"));
      const dimensions = request.dimensions;
      if (!Array.isArray(dimensions) || dimensions.join() !== "query,country" || !request.startDate) {
        const invalid: GoogleApiErrorBody = {
          error: { code: 400, message: "Invalid request", status: "INVALID_ARGUMENT" },
        };
        return send(res, 400, invalid);
      }
      const rows = rowsFrom(startRow, rowLimit);
      // No rows: Google leaves `rows` out.
      const answer: searchconsole_v1.Schema$SearchAnalyticsQueryResponse = {
        rows: rows.length > 0 ? rows : undefined,
        responseAggregationType: "byProperty",
      };
      return send(res, 200, answer);
    }
    return send(res, 404, notFound);
  }

  const notFound: GoogleApiErrorBody = { error: { code: 404, message: "Not Found" } };

  /**
   * The Google Ads API: listAccessibleCustomers, googleAds:search on customer, generateKeywordHistoricalMetrics, at
   * `/{version}/{method}`.
   */
  function googleAds(
    req: IncomingMessage,
    res: ServerResponse,
    version: string,
    method: string,
    body: string,
  ) {
    const header = req.headers["developer-token"];
    fake.adsDeveloperTokens.push(Array.isArray(header) ? header[0] : header);
    fake.calls.push(`${req.method} ${method}`);
    if (!fake.adsVersions.includes(version)) {
      // A sunset version: Google's front end answers its HTML 404 page, no GoogleAdsFailure.
      res.writeHead(404, { "content-type": "text/html; charset=UTF-8" });
      res.end(
        "<!DOCTYPE html><title>Error 404 (Not Found)!!1</title><p>The requested URL was not found on this server.",
      );
      return;
    }
    const failures = {
      quota: [429, "error-resource-exhausted.json"],
      not_approved: [403, "error-cloud-project-not-approved.json"],
      unsupported_version: [400, "error-unsupported-version.json"],
    } as const;
    if (fake.adsError && fake.adsError in failures) {
      const [status, file] = failures[fake.adsError as keyof typeof failures];
      return send(res, status, adsFixture(file));
    }
    if (req.method === "GET" && method === "customers:listAccessibleCustomers") {
      const customers: ListAccessibleCustomersResponse = {
        resourceNames:
          fake.adsCustomers.length > 0 ? fake.adsCustomers.map((id) => `customers/${id}`) : undefined,
      };
      return send(res, 200, customers);
    }
    const call = /^customers\/(\d+)(\/googleAds:search|:generateKeywordHistoricalMetrics)$/.exec(method);
    if (req.method !== "POST" || !call) return send(res, 404, notFound);
    const [, customerId, name] = call;
    if (fake.adsError === "permission" || !fake.adsCustomers.includes(customerId ?? "")) {
      return send(res, 403, adsFixture("error-user-permission-denied.json"));
    }
    const request = JSON.parse(body || "{}") as Record<string, unknown>;
    if (name === "/googleAds:search") {
      const answer: SearchGoogleAdsResponse = adsFixture("customer-search.json");
      const [row] = answer.results ?? [];
      if (row?.customer)
        Object.assign(row.customer, { id: customerId, resourceName: `customers/${customerId}` });
      return send(res, 200, answer);
    }
    // The customer can be read, but the user's access level does not allow this method.
    if (fake.adsError === "action_not_permitted")
      return send(res, 403, adsFixture("error-action-not-permitted.json"));
    fake.lastMetricsRequest = request;
    if (!Array.isArray(request.keywords) || request.keywordPlanNetwork !== "GOOGLE_SEARCH") {
      const invalid: GoogleApiErrorBody = {
        error: { code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT" },
      };
      return send(res, 400, invalid);
    }
    if (fake.adsMalformed) return send(res, 200, adsFixture("keyword-historical-metrics-malformed.json"));
    const results = closeVariantResults(request.keywords.map(String));
    const answer: GenerateKeywordHistoricalMetricsResponse = {
      results: results.length > 0 ? results : undefined,
    };
    return send(res, 200, answer);
  }

  /**
   * Google's answer for the keywords asked: each fixture result stands for a group of close variants (its `text`
   * and its `closeVariants`); Google dedupes the request's keywords of one group into one result, whose `text` is
   * one of them (the group's own when asked, "cars" for "car" and "cars") and whose `closeVariants` lists the other
   * requested ones, in the request's spelling. A group none of whose keywords was asked is not answered.
   */
  function closeVariantResults(asked: string[]): GenerateKeywordHistoricalMetricsResult[] {
    const groups = adsFixture("keyword-historical-metrics.json").results ?? [];
    return groups.flatMap(({ closeVariants: merged, text: groupText = "", keywordMetrics }) => {
      const group = [groupText, ...(merged ?? [])].map((k) => k.toLowerCase());
      const members = asked.filter((k) => group.includes(k.toLowerCase()));
      if (members.length === 0) return [];
      const own = members.find((k) => k.toLowerCase() === groupText.toLowerCase());
      const text = own ? groupText : (members[0] ?? groupText);
      const others = members.filter((k) => k !== (own ?? text));
      return [{ text, closeVariants: others.length > 0 ? others : undefined, keywordMetrics }];
    });
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => send(res, 500, { error: { code: 500, message: "fake failed" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    env: {
      GOOGLE_OAUTH_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_OAUTH_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${baseUrl}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${baseUrl}/revoke`,
      SEARCH_CONSOLE_API_BASE_URL: `${baseUrl}/webmasters/v3`,
      GOOGLE_ADS_API_BASE_URL: baseUrl,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeGoogle;
}
