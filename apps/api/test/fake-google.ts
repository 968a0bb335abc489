import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { redirectAfterConsent } from "./consent-redirect";

/*
 * A local stand-in for Google's OAuth 2.0 endpoints (consent, token, revoke) and the Search Console API v3, answered
 * from test/fixtures/search-console/ in Google's documented shapes. The consent page is not a page: `consent()` plays
 * the user who agrees, checking what Google checks (client, redirect URI, scope, PKCE) and answering the code and
 * state Google would put on the redirect; a browser sent to the consent URL is redirected back at once. The token endpoint checks the PKCE verifier against the challenge.
 * It also stands in for the Google Ads API (REST, /v18), answered from test/fixtures/google-ads/: every call must
 * carry the access token and the developer token, as Google's does.
 */

const FIXTURES = join(import.meta.dirname, "fixtures/search-console");
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Record<string, unknown>;
const ADS_FIXTURES = join(import.meta.dirname, "fixtures/google-ads");
const adsFixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(ADS_FIXTURES, name), "utf8")) as Record<string, unknown>;

export const FAKE_DEVELOPER_TOKEN = "fakeDevToken-ABCdef123";
const SCOPES = [
  "https://www.googleapis.com/auth/webmasters.readonly",
  "https://www.googleapis.com/auth/adwords",
];

export const FAKE_CLIENT_ID = "1234567890-fake.apps.googleusercontent.com";
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
   * Base URLs for GOOGLE_OAUTH_AUTHORIZE_URL, GOOGLE_OAUTH_TOKEN_URL, GOOGLE_OAUTH_REVOKE_URL and the APIs (no
   * GOOGLE_ADS_DEVELOPER_TOKEN: a test that wants the Google Ads connector adds FAKE_DEVELOPER_TOKEN).
   */
  env: Record<string, string>;
  /** The refresh token the code exchange hands out (fixtures/search-console/token.json). */
  refreshToken: string;
  /** The properties of the account (sites.json; change them to take access away). */
  sites: Site[];
  /** Grants Google no longer accepts (revoked or expired): their refresh answers invalid_grant. */
  revoked: Set<string>;
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
  /** Google Ads: answer the API with this failure while set. */
  adsError: "quota" | "permission" | "not_approved" | undefined;
  /** Google Ads: answer generateKeywordHistoricalMetrics with the malformed results while set. */
  adsMalformed: boolean;
  /** Google Ads: the last generateKeywordHistoricalMetrics request body. */
  lastMetricsRequest: Record<string, unknown> | undefined;
  /** Answer the next `n` API calls with 503. */
  failNext(n: number): void;
  /** The user agreeing on the consent page of `authorizeUrl`: the query Google redirects back with. */
  consent(authorizeUrl: string): { code: string; state: string; redirectUri: string };
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const token = fixture("token.json");
  const refreshAnswer = fixture("token-refresh.json");
  const codes = new Map<string, { redirectUri: string; challenge: string }>();
  const accessTokens = new Set<string>([String(token.access_token)]);
  let failures = 0;
  let baseUrl = "";

  const account: Account = {
    refreshToken: String(token.refresh_token),
    sites: (fixture("sites.json").siteEntry as Site[]) ?? [],
  };

  const fake: Omit<FakeGoogle, "env" | "close"> = {
    refreshToken: account.refreshToken,
    get sites() {
      return account.sites;
    },
    set sites(sites: Site[]) {
      account.sites = sites;
    },
    revoked: new Set(),
    calls: [],
    queryError: undefined,
    malformed: false,
    extraRows: 0,
    extraRowsCountry: "zzz",
    adsCustomers: ["1234567890", "9876543210"],
    adsError: undefined,
    adsMalformed: false,
    lastMetricsRequest: undefined,
    failNext: (n) => {
      failures = n;
    },
    consent(authorizeUrl) {
      const url = new URL(authorizeUrl);
      const q = url.searchParams;
      if (`${url.origin}${url.pathname}` !== `${baseUrl}/o/oauth2/v2/auth`)
        throw new Error("not the fake's page");
      if (!SCOPES.includes(q.get("scope") ?? ""))
        throw new Error(`Google would refuse scope=${q.get("scope")}`);
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
      codes.set(code, { redirectUri, challenge });
      return { code, state, redirectUri };
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
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
      return send(res, 401, {
        error: "invalid_client",
        error_description: "The OAuth client was not found.",
      });
    }
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!code || code.redirectUri !== form.get("redirect_uri") || code.challenge !== challenge) {
        return send(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
      }
      return send(res, 200, token);
    }
    if (form.get("grant_type") === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      if (refresh !== account.refreshToken || fake.revoked.has(refresh)) {
        return send(res, 400, fixture("error-invalid-grant.json"));
      }
      accessTokens.add(String(refreshAnswer.access_token));
      return send(res, 200, refreshAnswer);
    }
    return send(res, 400, { error: "unsupported_grant_type" });
  }

  function rowsFrom(startRow: number, rowLimit: number) {
    const base = (fixture(fake.malformed ? "search-analytics-malformed.json" : "search-analytics.json")
      .rows ?? []) as unknown[];
    const synthetic = Array.from({ length: fake.extraRows }, (_, i) => ({
      keys: [`lumora long tail query ${i}`, fake.extraRowsCountry],
      clicks: i % 3,
      impressions: 10 + (i % 50),
      ctr: (i % 3) / (10 + (i % 50)),
      position: 20 + (i % 40),
    }));
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
      fake.revoked.add(revoked);
      return send(res, 200, {});
    }
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!accessTokens.has(bearer)) {
      return send(res, 401, {
        error: {
          code: 401,
          message: "Request had invalid authentication credentials.",
          status: "UNAUTHENTICATED",
        },
      });
    }
    if (failures > 0) {
      failures -= 1;
      fake.calls.push(`${req.method} ${path} 503`);
      return send(res, 503, { error: { code: 503, message: "The service is currently unavailable." } });
    }
    if (path.startsWith("/v18/")) return googleAds(req, res, path, body);
    if (req.method === "GET" && path === "/webmasters/v3/sites") {
      fake.calls.push("GET sites");
      // An account without a property answers an empty object, without siteEntry.
      return send(res, 200, account.sites.length > 0 ? { siteEntry: account.sites } : {});
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
        return send(res, 400, {
          error: { code: 400, message: "Invalid request", status: "INVALID_ARGUMENT" },
        });
      }
      const rows = rowsFrom(startRow, rowLimit);
      // No rows: Google leaves `rows` out.
      return send(res, 200, {
        ...(rows.length > 0 ? { rows } : {}),
        responseAggregationType: "byProperty",
      });
    }
    return send(res, 404, { error: { code: 404, message: "Not Found" } });
  }

  /** The Google Ads API: listAccessibleCustomers, googleAds:search on customer, generateKeywordHistoricalMetrics. */
  function googleAds(req: IncomingMessage, res: ServerResponse, path: string, body: string) {
    if (req.headers["developer-token"] !== FAKE_DEVELOPER_TOKEN) {
      return send(res, 401, {
        error: { code: 401, message: "Developer token is missing or invalid.", status: "UNAUTHENTICATED" },
      });
    }
    fake.calls.push(`${req.method} ${path.slice("/v18/".length)}`);
    if (fake.adsError === "quota") return send(res, 429, adsFixture("error-resource-exhausted.json"));
    if (fake.adsError === "not_approved") {
      return send(res, 403, adsFixture("error-developer-token-not-approved.json"));
    }
    if (req.method === "GET" && path === "/v18/customers:listAccessibleCustomers") {
      return send(
        res,
        200,
        fake.adsCustomers.length > 0
          ? { resourceNames: fake.adsCustomers.map((id) => `customers/${id}`) }
          : {},
      );
    }
    const call = /^\/v18\/customers\/(\d+)(\/googleAds:search|:generateKeywordHistoricalMetrics)$/.exec(path);
    if (req.method !== "POST" || !call) return send(res, 404, { error: { code: 404, message: "Not Found" } });
    const [, customerId, method] = call;
    if (fake.adsError === "permission" || !fake.adsCustomers.includes(customerId ?? "")) {
      return send(res, 403, adsFixture("error-user-permission-denied.json"));
    }
    const request = JSON.parse(body || "{}") as Record<string, unknown>;
    if (method === "/googleAds:search") {
      const answer = adsFixture("customer-search.json");
      const [row] = answer.results as { customer: Record<string, unknown> }[];
      if (row) Object.assign(row.customer, { id: customerId, resourceName: `customers/${customerId}` });
      return send(res, 200, answer);
    }
    fake.lastMetricsRequest = request;
    if (!Array.isArray(request.keywords) || request.keywordPlanNetwork !== "GOOGLE_SEARCH") {
      return send(res, 400, {
        error: { code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT" },
      });
    }
    if (fake.adsMalformed) return send(res, 200, adsFixture("keyword-historical-metrics-malformed.json"));
    // Google answers for the keywords asked (case-insensitively), in its own spelling.
    const asked = new Set(request.keywords.map((k) => String(k).toLowerCase()));
    const results = (adsFixture("keyword-historical-metrics.json").results as { text: string }[]).filter(
      (r) => asked.has(r.text.toLowerCase()),
    );
    return send(res, 200, results.length > 0 ? { results } : {});
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
      GOOGLE_ADS_API_BASE_URL: `${baseUrl}/v18`,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeGoogle;
}
