import type { components } from "@brandscope/api-client/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobsDone, type TestApp } from "../../../test/app";
import { insertOwnBrand } from "../../../test/brand-rows";
import { connectorHarness } from "../../../test/connector-harness";
import { expectContractResponse } from "../../../test/contract-response";
import {
  ADS_VERSIONS_SERVED,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_DEVELOPER_TOKEN,
  type FakeGoogle,
} from "../../../test/fake-google";
import { lumoraWorkspace, startGoogleConnectorsApp } from "../../../test/google-connectors";
import { capturedLog } from "../../../test/log";
import { recordedJobs } from "../../../test/recorded-jobs";
import { jwtKey } from "../../config/keys";
import { connections, keywords, searchQueries } from "../../db/schema";
import { createWorkerDeps } from "../../jobs/worker-deps";
import { DAY_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";
import { adsFailure, GOOGLE_ADS_API_VERSION, googleAdsClient, readKeywordMetrics } from "./google-ads-api";
import { planningTarget } from "./google-ads-geo";
import { seedKeywords } from "./google-ads-sync.job";
import { refreshSourcesJob } from "./refresh-sources.job";

type Schemas = components["schemas"];

// The Google Ads keyword planning connector against the local fake of Google's OAuth endpoints and the Google Ads
// API (test/fake-google.ts), with the real job queue: the consent, the customer chosen, the brand's keywords given
// Google's volumes and bids (close variants included), and every way Google says no, each with whose it is to act.
// The server has no developer token: Google retired them on 9 September 2026.
let google: FakeGoogle;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ google, t, close } = await startGoogleConnectorsApp());
});
afterAll(() => close?.());
beforeEach(() => {
  google.calls.length = 0;
  google.adsError = undefined;
  google.adsMalformed = false;
  google.adsVersions = [...ADS_VERSIONS_SERVED];
  google.adsDeveloperTokens.length = 0;
  google.adsCustomers = ["1234567890", "9876543210"];
  google.revoked.clear();
  google.revokedAccounts.length = 0;
});

const workspace = (country = "GB") => lumoraWorkspace(t, { country });

const { send, connector, ...harness } = connectorHarness(() => t, "google-ads");

/** Connects through the fake's consent (the owner's Google account unless named) and waits for the jobs. */
const connect = (authorization: string, account?: string) =>
  harness.connect(authorization, (url) => google.consent(url, account));

const brandKeywords = async (brandId: string) =>
  Object.fromEntries(
    (await t.database.db.select().from(keywords).where(eq(keywords.brandId, brandId))).map((k) => [
      k.keyword,
      k,
    ]),
  );

/** Search Console queries of the brand, as its connector stores them (the brand's own searches, no volume). */
async function insertSearches(
  w: { workspaceId: string; brand: { id: string } },
  queries: { query: string; impressions: number }[],
) {
  await t.database.db.insert(searchQueries).values(
    queries.map((q) => ({
      workspaceId: w.workspaceId,
      brandId: w.brand.id,
      query: q.query,
      country: "GB",
      periodFrom: "2026-08-01",
      periodTo: "2026-08-28",
      clicks: 4,
      impressions: q.impressions,
      ctr: 4 / q.impressions,
      position: 7.5,
      source: "provider" as const,
    })),
  );
}

/** Connects a workspace with one Google Ads account, read at once (of the owner's Google account unless named). */
async function connected(account?: string) {
  const w = await workspace();
  google.adsCustomers = ["1234567890"];
  expect(await connect(w.authorization, account)).toEqual({ status: "connected" });
  return w;
}

describe("the Google Ads keyword planning connector", () => {
  it("connects, lets the user choose the account, and gives the brand's keywords Google's volumes and bids", async () => {
    const w = await workspace();
    expect(await connector(w.authorization)).toMatchObject({ status: "not_connected", keywords: 0 });
    // An imported Keyword Planner row, and a Search Console query (a search of the brand's, not a keyword).
    await insertSearches(w, [{ query: "smart lamp uk", impressions: 120 }]);
    await t.database.db.insert(keywords).values([
      {
        brandId: w.brand.id,
        country: "GB",
        keyword: "Desk Lamp",
        currency: "GBP",
        cpc: 0.9,
        competition: 0.8,
        volume: 40_000,
        trend: [],
        intent: "commercial",
        source: "csv_import",
      },
    ]);

    expect(await connect(w.authorization)).toEqual({ status: "choose_customer" });
    const choosing = await connector(w.authorization);
    expect(choosing).toMatchObject({
      status: "choose_customer",
      customer: null,
      customers: [
        { id: "1234567890", name: "Lumora Ads", currency: "GBP" },
        { id: "9876543210", name: "Lumora Ads", currency: "GBP" },
      ],
      nextRunAt: null,
    });
    const bad = await send("PUT", "/connectors/google-ads", w.authorization, { customerId: "5555555555" });
    expect(bad.statusCode).toBe(400);

    google.calls.length = 0;
    const chosen = await send("PUT", "/connectors/google-ads", w.authorization, { customerId: "1234567890" });
    expect(chosen.statusCode).toBe(200);
    await jobsDone(t);
    expect(google.calls).toEqual([
      "POST /token refresh_token",
      "POST customers/1234567890/googleAds:search",
      "POST customers/1234567890:generateKeywordHistoricalMetrics",
    ]);
    // The brand's name and its own keywords, in the brand's country (GB) and English, on Google Search.
    expect(google.lastMetricsRequest).toEqual({
      keywords: ["Lumora", "Desk Lamp", "smart lamp uk"],
      geoTargetConstants: ["geoTargetConstants/2826"],
      language: "languageConstants/1000",
      keywordPlanNetwork: "GOOGLE_SEARCH",
    });
    const after = await connector(w.authorization);
    expect(after).toMatchObject({
      status: "connected",
      statusReason: null,
      customer: { id: "1234567890", name: "Lumora Ads", currency: "GBP" },
      keywords: 2,
      quotaExhaustedUntil: null,
    });
    expect(after.nextRunAt).not.toBeNull();

    const rows = await brandKeywords(w.brand.id);
    // No developer token configured: none sent, and Google answers all the same.
    expect(google.adsDeveloperTokens.every((t) => t === undefined)).toBe(true);
    // The brand's name gets a provider row in its own spelling: CPC the middle of the top-of-page bid range, in the
    // account's currency.
    expect(rows.Lumora).toMatchObject({
      source: "provider",
      country: "GB",
      currency: "GBP",
      volume: 2900,
      cpc: 0.8,
      competition: 0.12,
      trendStart: "2024-11-01",
    });
    expect(rows.Lumora?.trend).toHaveLength(12);
    expect(rows.Lumora?.plannedAt).not.toBeNull();
    // The Search Console query becomes a keyword with Google Ads' own volume, bids and competition (never its
    // impressions), and stays among the brand's searches as it was.
    expect(rows["smart lamp uk"]).toMatchObject({
      source: "provider",
      currency: "GBP",
      volume: 880,
      cpc: 1.5,
      competition: 0.55,
    });
    const [search] = await t.database.db
      .select()
      .from(searchQueries)
      .where(eq(searchQueries.brandId, w.brand.id));
    expect(search).toMatchObject({ query: "smart lamp uk", clicks: 4, impressions: 120 });
    // The import wins, as with Search Console.
    expect(rows["Desk Lamp"]).toMatchObject({
      source: "csv_import",
      cpc: 0.9,
      volume: 40_000,
      plannedAt: null,
    });

    // The intent module shows Google's CPC, and names Google Ads.
    const intent = await t.app.inject({
      method: "GET",
      url: "/api/intent",
      headers: { authorization: w.authorization },
    });
    expectContractResponse("getIntent", intent);
    const list = intent.json<Schemas["KeywordList"]>();
    expect(list.provenance).toMatchObject({ source: "provider" });
    expect(list.provenance.sourceName).toContain("Google Ads");
    expect(list.provenance.sourceName).not.toContain("Search Console");
    expect(list.keywordData.find((k) => k.keyword === "Lumora")).toMatchObject({ cpc: 0.8, volume: 2900 });
  });

  it("connects the brand that started the consent, not the newest, and plans that brand's keywords", async () => {
    const w = await workspace();
    // A second brand, now the newest: a call without X-Brand-Id would be about it.
    const newer = await insertOwnBrand(t.database.db, w.workspaceId, {
      name: "Lumora Shop",
      website: "https://shop.lumora.example/",
    });
    google.adsCustomers = ["1234567890"];
    const started = await harness.authorize(w.authorization, w.brand.id);
    const back = await harness.callback(google.consent(started.url), started.cookie);
    // The callback (a browser redirect, without X-Brand-Id) connected the brand that started it, and returns to it.
    expect(harness.outcome(back)).toEqual({ status: "connected" });
    expect(new URL(String(back.headers.location)).searchParams.get("brand")).toBe(w.brand.id);
    await jobsDone(t);
    expect(await connector(w.authorization, w.brand.id)).toMatchObject({
      status: "connected",
      customer: { id: "1234567890" },
    });
    expect(await connector(w.authorization)).toMatchObject({ status: "not_connected", customer: null });
    expect(Object.keys(await brandKeywords(w.brand.id))).toContain("Lumora");
    expect(await brandKeywords(newer.id)).toEqual({});
  });

  it("chooses the only account, and keeps the read figures on malformed results, saying how many were left out", async () => {
    const w = await connected();
    expect((await connector(w.authorization)).keywords).toBe(1);
    google.adsMalformed = true;
    expect((await send("POST", "/connectors/google-ads/refresh", w.authorization)).statusCode).toBe(202);
    await jobsDone(t);
    expect(await connector(w.authorization)).toMatchObject({
      status: "connected",
      statusReason: "5 keywords Google Ads sent could not be read and were left out.",
      keywords: 1,
    });
  });

  it("says when the quota is spent (429 RESOURCE_EXHAUSTED) until when, and refuses Refresh now until then", async () => {
    const w = await connected();
    google.adsError = "quota";
    await send("POST", "/connectors/google-ads/refresh", w.authorization);
    await jobsDone(t);
    const spent = await connector(w.authorization);
    expect(spent.status).toBe("quota_exhausted");
    // Google asked for 86,400 s (QuotaErrorDetails.retryDelay).
    const until = new Date(spent.quotaExhaustedUntil ?? 0).getTime();
    expect(until - t.clock.now().getTime()).toBeGreaterThanOrEqual(86_400_000);
    expect(spent.statusReason).toMatch(
      /^Google Ads' quota for this server is used up: Brandscope reads it again after /,
    );
    expect(spent.keywords).toBe(1);
    const refused = await send("POST", "/connectors/google-ads/refresh", w.authorization);
    expect(refused.statusCode).toBe(429);
  });

  it("gives every requested close variant Google merged into one result its figures", async () => {
    const w = await workspace();
    // Search Console's queries: "desk lamp" and "Desk Lamps" are close variants, which Google answers as one.
    await insertSearches(w, [
      { query: "desk lamp", impressions: 300 },
      { query: "Desk Lamps", impressions: 299 },
    ]);
    google.adsCustomers = ["1234567890"];
    expect(await connect(w.authorization)).toEqual({ status: "connected" });
    expect(google.lastMetricsRequest?.keywords).toEqual(["Lumora", "desk lamp", "Desk Lamps"]);
    const rows = await brandKeywords(w.brand.id);
    for (const variant of ["desk lamp", "Desk Lamps"]) {
      expect(rows[variant]).toMatchObject({
        volume: 49_500,
        cpc: expect.closeTo(1.14, 5),
        competition: 1,
      });
      expect(rows[variant]?.plannedAt).not.toBeNull();
    }
    // No row in Google's spelling besides the brand's own.
    expect(Object.keys(rows).sort()).toEqual(["Desk Lamps", "Lumora", "desk lamp"]);
    expect((await connector(w.authorization)).keywords).toBe(3);
  });

  /** Reads again now and waits for the job; Google must not have been asked to revoke anything. */
  const readAgain = async (authorization: string) => {
    google.calls.length = 0;
    await send("POST", "/connectors/google-ads/refresh", authorization);
    await jobsDone(t);
    expect(google.calls).not.toContain("POST /revoke");
    return connector(authorization);
  };

  it("tells the user's lost access to the account, or to keyword planning on it, and a refused grant apart", async () => {
    const w = await connected();
    google.adsError = "permission";
    expect(await readAgain(w.authorization)).toMatchObject({
      status: "no_access",
      statusReason:
        "Your Google account can no longer use the Google Ads account 1234567890: ask its administrator for access, or choose another account.",
    });

    google.adsError = "action_not_permitted";
    expect(await readAgain(w.authorization)).toMatchObject({
      status: "no_access",
      statusReason:
        "Your Google account's access to the Google Ads account 1234567890 does not allow keyword planning: ask its administrator for a higher access level, or choose another account.",
    });

    google.adsError = undefined;
    google.revoked.add(google.refreshToken);
    expect(await readAgain(w.authorization)).toMatchObject({ status: "token_expired", nextRunAt: null });
    expect((await send("POST", "/connectors/google-ads/refresh", w.authorization)).statusCode).toBe(409);
  });

  it("says the operator's failures (the Cloud project not approved, the version sunset) as such, never as no access", async () => {
    const w = await connected();
    // The Cloud project has test access only: the next daily read tries again.
    google.adsError = "not_approved";
    const notApproved = await readAgain(w.authorization);
    expect(notApproved).toMatchObject({ status: "project_not_approved", customer: { id: "1234567890" } });
    expect(notApproved.statusReason).toMatch(
      /^Google has approved this server's Google Cloud project for Google Ads test accounts only: Brandscope's operator must apply for Explorer or Basic access/,
    );
    expect(notApproved.statusReason).toContain("Your connection is kept");
    expect(notApproved.nextRunAt).not.toBeNull();

    // The version's path gone (Google's bare 404 once a version is sunset).
    google.adsError = undefined;
    google.adsVersions = ADS_VERSIONS_SERVED.filter((v) => v !== GOOGLE_ADS_API_VERSION.version);
    const sunset = await readAgain(w.authorization);
    expect(sunset).toMatchObject({ status: "version_sunset", customer: { id: "1234567890" } });
    expect(sunset.statusReason).toContain(
      `Google Ads no longer serves the API version this server calls (${GOOGLE_ADS_API_VERSION.version}): Brandscope's operator must update Brandscope.`,
    );

    // Updated (the version served again): read as before, with the same grant.
    google.adsVersions = [...ADS_VERSIONS_SERVED];
    expect(await readAgain(w.authorization)).toMatchObject({ status: "connected", statusReason: null });
  });

  it("keeps the grant when the Cloud project is not approved at connect, and lists the accounts once it is", async () => {
    const w = await workspace();
    google.adsCustomers = ["1234567890"];
    google.adsError = "not_approved";
    expect(await connect(w.authorization)).toEqual({ error: "project_not_approved" });
    expect(google.calls).not.toContain("POST /revoke");
    expect(await connector(w.authorization)).toMatchObject({
      status: "project_not_approved",
      customer: null,
      customers: [],
    });

    // The operator's application approved: reading again lists the only account and reads it.
    google.adsError = undefined;
    expect((await send("POST", "/connectors/google-ads/refresh", w.authorization)).statusCode).toBe(202);
    await jobsDone(t);
    expect(await connector(w.authorization)).toMatchObject({
      status: "connected",
      customer: { id: "1234567890", name: "Lumora Ads" },
      keywords: 1,
    });
  });

  it("keeps the grant when this server's API version is sunset at connect", async () => {
    const w = await workspace();
    google.adsError = "unsupported_version";
    expect(await connect(w.authorization)).toEqual({ error: "version_sunset" });
    expect(google.calls).not.toContain("POST /revoke");
    expect((await connector(w.authorization)).status).toBe("version_sunset");
  });

  it("is read by the daily refresh, retried when Google does not answer, and forgets the grant on disconnect", async () => {
    // A Google account no other connection of this file holds, so the disconnect revokes its grant (grant.ts).
    const w = await connected("ads-leaver");
    await t.database.db
      .update(connections)
      .set({ lastRunAt: new Date(t.clock.now().getTime() - 2 * 24 * 60 * 60 * 1000) })
      .where(and(eq(connections.workspaceId, w.workspaceId), eq(connections.provider, "google_ads")));
    const daily = recordedJobs();
    await refreshSourcesJob(
      createWorkerDeps({
        db: t.database.db,
        config: t.config,
        log: capturedLog().log,
        clock: t.clock,
        jobs: daily.jobs,
      }),
    );
    expect(daily.queued).toContainEqual({
      kind: "sync-google-ads",
      data: { workspaceId: w.workspaceId, brandId: w.brand.id },
    });

    google.failNext(1);
    await send("POST", "/connectors/google-ads/refresh", w.authorization);
    await jobsDone(t);
    expect((await connector(w.authorization)).status).toBe("connected");

    google.calls.length = 0;
    expect((await send("DELETE", "/connectors/google-ads", w.authorization)).statusCode).toBe(204);
    expect(google.calls).toEqual(["POST /revoke"]);
    expect(google.revokedAccounts).toEqual(["ads-leaver"]);
    expect(await connector(w.authorization)).toMatchObject({ status: "not_connected", keywords: 1 });
  });

  // Last of the connector's tests: it moves the clock on to the version's last quarter.
  it("tells the screen when the API version it calls is within 90 days of its sunset", async () => {
    const w = await connected();
    expect((await connector(w.authorization)).sunsetNotice).toBeNull();
    const sunset = Date.parse(`${GOOGLE_ADS_API_VERSION.sunset}T00:00:00Z`);
    t.clock.advance(sunset - 30 * DAY_MS - t.clock.now().getTime());
    // A workspace signed in then (a bearer of months ago has long expired).
    const { authorization } = await connected();
    expect((await connector(authorization)).sunsetNotice).toEqual({
      vendor: "Google Ads API",
      version: GOOGLE_ADS_API_VERSION.version,
      sunset: GOOGLE_ADS_API_VERSION.sunset,
      source: GOOGLE_ADS_API_VERSION.source,
      daysLeft: 30,
    });
  });
});

describe("Google Ads keyword planning helpers", () => {
  it("calls a version Google serves, and sends a developer token only when one is configured", async () => {
    expect(ADS_VERSIONS_SERVED).toContain(GOOGLE_ADS_API_VERSION.version);
    const client = (developerToken: string | undefined) =>
      googleAdsClient({
        clientId: FAKE_CLIENT_ID,
        clientSecret: FAKE_CLIENT_SECRET,
        developerToken,
        tokenUrl: google.env.GOOGLE_OAUTH_TOKEN_URL ?? "",
        revokeUrl: google.env.GOOGLE_OAUTH_REVOKE_URL ?? "",
        baseUrl: google.env.GOOGLE_ADS_API_BASE_URL ?? "",
      });
    const accessToken = await client(undefined).refresh(google.refreshToken);
    expect(await client(undefined).accessibleCustomers(accessToken)).toEqual(["1234567890", "9876543210"]);
    expect(await client(FAKE_DEVELOPER_TOKEN).accessibleCustomers(accessToken)).toHaveLength(2);
    expect(google.adsDeveloperTokens).toEqual([undefined, FAKE_DEVELOPER_TOKEN]);
  });

  it("classes Google Ads' failures by whose they are to fix", () => {
    const failure = (errorCode: Record<string, string>, status = 403) =>
      adsFailure(status, { error: { code: status, details: [{ errors: [{ errorCode }] }] } }, "a call");
    expect(failure({ authorizationError: "CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION" })).toMatchObject({
      failure: "project",
      code: "CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION",
    });
    // The code developer tokens had, deprecated since: the same failure.
    expect(failure({ authorizationError: "DEVELOPER_TOKEN_NOT_APPROVED" }).failure).toBe("project");
    // A developer token still configured and refused is the operator's to remove, not the user's lost access.
    expect(failure({ authorizationError: "DEVELOPER_TOKEN_PROHIBITED" })).toMatchObject({
      failure: "project",
      code: "DEVELOPER_TOKEN_PROHIBITED",
    });
    expect(failure({ authorizationError: "ACTION_NOT_PERMITTED" })).toMatchObject({
      failure: "no_access",
      code: "ACTION_NOT_PERMITTED",
    });
    expect(failure({ authorizationError: "USER_PERMISSION_DENIED" }).failure).toBe("no_access");
    expect(failure({ requestError: "UNSUPPORTED_VERSION" }, 400).failure).toBe("version");
    // A 404 with Google Ads' own failure is the customer's; a bare one, the version's path.
    expect(failure({ requestError: "CUSTOMER_NOT_FOUND" }, 404).failure).toBe("no_access");
    expect(adsFailure(404, {}, "a call").failure).toBe("version");
    expect(adsFailure(503, {}, "a call").failure).toBe("unavailable");
  });

  it("reads Google's int64 strings, and refuses results not of the documented shape", () => {
    expect(
      readKeywordMetrics({
        text: " lumora ",
        keywordMetrics: {
          avgMonthlySearches: "10",
          competition: "UNSPECIFIED",
          monthlySearchVolumes: [{ month: "MAY", year: "2025" }],
        },
      }),
    ).toEqual({
      text: "lumora",
      closeVariants: [],
      avgMonthlySearches: 10,
      competition: null,
      competitionIndex: null,
      lowTopOfPageBidMicros: null,
      highTopOfPageBidMicros: null,
      monthly: [],
    });
    expect(readKeywordMetrics({ text: "x", keywordMetrics: { avgMonthlySearches: -1 } })).toBeNull();
    expect(readKeywordMetrics({ text: "x", keywordMetrics: [] })).toBeNull();
  });

  it("plans a country of the table in its language, another worldwide, and sends seeds Google accepts", () => {
    expect(planningTarget("de")).toEqual({
      geoTarget: "geoTargetConstants/2276",
      language: "languageConstants/1001",
    });
    expect(planningTarget("KE")).toEqual({ geoTarget: null, language: "languageConstants/1000" });
    expect(seedKeywords("Lumora", ["lumora", "a  b", "x".repeat(81), "1 2 3 4 5 6 7 8 9 10 11"])).toEqual([
      "Lumora",
      "a b",
    ]);
  });
});
