import type { components } from "@brandscope/api-client/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { insertOwnBrand } from "../../../test/brand-rows";
import { SEALED_WITH_TEST_KEY } from "../../../test/config";
import { connectorHarness, startConnectorApp } from "../../../test/connector-harness";
import { expectContractResponse } from "../../../test/contract-response";
import { type FakeGoogle, startFakeGoogle } from "../../../test/fake-google";
import { capturedLog } from "../../../test/log";
import { recordedJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import {
  brands,
  connections,
  keywords,
  oneUseStates,
  searchQueries,
  users,
  workspaceBrands,
} from "../../db/schema";
import { createWorkerDeps } from "../../jobs/worker-deps";
import { SPENT_STATE_MARGIN_MS, sweepOneUseStatesJob } from "../../kernel/one-use-state";
import { insertWorkspace } from "../accounts/workspace.repo";
import { findRefreshableConnections } from "./connections.repo";
import { CONSENT_MS } from "./consent";
import { refreshSourcesJob } from "./refresh-sources.job";
import { readWindow } from "./search-console-sites";

type Schemas = components["schemas"];

// The Search Console connector against a local fake of Google's OAuth endpoints and the Search Console API
// (test/fake-google.ts), with the real job queue: the consent, the code exchange, the property chosen, the read
// stored as the brand's own searches (never as keywords with a volume) and shown by the intent module's "Your
// searches", and every way Google says no.
let google: FakeGoogle;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  google = await startFakeGoogle();
  ({ t, close } = await startConnectorApp(google.env, () => google.close()));
});
afterAll(() => close?.());
beforeEach(() => {
  google.calls.length = 0;
  google.queryError = undefined;
  google.malformed = false;
  google.extraRows = 0;
  google.extraRowsCountry = "zzz";
  google.revoked.clear();
  google.revokedAccounts.length = 0;
  google.sites = [
    { siteUrl: "https://shop.lumora.example/", permissionLevel: "siteFullUser" },
    { siteUrl: "sc-domain:lumora.example", permissionLevel: "siteOwner" },
    { siteUrl: "https://www.brewhaus.example/", permissionLevel: "siteUnverifiedUser" },
  ];
});

async function workspace(website = "https://www.lumora.example/") {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const [brand] = await t.database.db
    .insert(brands)
    .values({ workspaceId: user.workspaceId, name: "Lumora", website, country: "GB", status: "active" })
    .returning();
  if (!brand) throw new Error("no brand");
  await t.database.db.insert(workspaceBrands).values({ workspaceId: user.workspaceId, brandId: brand.id });
  return { ...user, brand };
}

const { send, connector, authorize, callback, outcome, ...harness } = connectorHarness(
  () => t,
  "search-console",
);

/** Connects the workspace through the fake's consent (of the owner's Google account unless named) and waits for the first read. */
const connect = (authorization: string, account?: string) =>
  harness.connect(authorization, (url) => google.consent(url, account), {
    query: { scope: "https://www.googleapis.com/auth/webmasters.readonly" },
  });

const storedQueries = (brandId: string) =>
  t.database.db
    .select()
    .from(searchQueries)
    .where(and(eq(searchQueries.brandId, brandId), eq(searchQueries.source, "provider")));

describe("the Search Console connector", () => {
  it("connects through Google's consent and stores the brand's own queries, which the intent module shows", async () => {
    const w = await workspace();
    expect(await connector(w.authorization)).toMatchObject({
      status: "not_connected",
      property: null,
      brandWebsite: "https://www.lumora.example/",
      queries: 0,
      nextRunAt: null,
    });

    const started = await authorize(w.authorization);
    const consent = new URL(started.url);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: google.env.GOOGLE_OAUTH_CLIENT_ID,
      redirect_uri: "https://app.brandscope.test/api/connectors/search-console/callback",
      response_type: "code",
      // Its own scope only, so the grant carries no Ads access; openid names the Google account.
      scope: "openid https://www.googleapis.com/auth/webmasters.readonly",
      access_type: "offline",
      prompt: "consent",
      code_challenge_method: "S256",
    });
    expect(consent.searchParams.has("include_granted_scopes")).toBe(false);
    expect(consent.searchParams.get("state")).toMatch(/^[\w-]{32,}$/);
    expect(consent.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    // The cookie binding the state to this browser goes back to the callback only, and only for the consent.
    expect(started.cookie).toMatch(/^brandscope_search_console=[\w-]{43}$/);
    expect(started.setCookie).toContain("Path=/api/connectors/search-console/callback");
    expect(started.setCookie).toContain(`Max-Age=${CONSENT_MS / 1000}`);
    expect(started.setCookie).toMatch(/HttpOnly; SameSite=Lax; Secure$/);

    const { code, state } = google.consent(started.url);
    const back = await callback({ code, state }, started.cookie);
    expect(outcome(back)).toEqual({ status: "connected" });
    expect(String(back.headers.location)).not.toContain(code);
    expect(String(back.headers.location)).not.toContain(google.refreshToken);
    await jobsDone(t);

    const after = await connector(w.authorization);
    // The domain property is preferred to the URL-prefix one of a subdomain; the unverified one is not listed.
    expect(after).toMatchObject({
      status: "connected",
      statusReason: null,
      property: "sc-domain:lumora.example",
      properties: [
        { siteUrl: "https://shop.lumora.example/", permissionLevel: "siteFullUser" },
        { siteUrl: "sc-domain:lumora.example", permissionLevel: "siteOwner" },
      ],
      // GB × 3, IE × 1; the row of an unknown country ("zzz") is left out.
      queries: 4,
    });
    expect(after.nextRunAt).toMatch(/T\d\d:17:00\.000Z$/);
    expect(google.calls).toEqual([
      "POST /token authorization_code",
      "GET sites",
      "POST /token refresh_token",
      "POST query sc-domain:lumora.example startRow=0",
    ]);

    const rows = await storedQueries(w.brand.id);
    const lumora = rows.find((r) => r.query === "lumora coffee" && r.country === "GB");
    // The 28 complete days the read asked for, and the connection that read them.
    const [connection] = await t.database.db
      .select()
      .from(connections)
      .where(and(eq(connections.workspaceId, w.workspaceId), eq(connections.provider, "search_console")));
    expect(lumora).toMatchObject({
      workspaceId: w.workspaceId,
      clicks: 412,
      impressions: 1830,
      position: 1.2,
      importId: null,
      connectionId: connection?.id,
      periodTo: readWindow(t.clock.now()).endDate,
      periodFrom: readWindow(t.clock.now()).startDate,
    });
    expect(lumora?.ctr).toBeCloseTo(0.2251, 4);
    // Nothing became a keyword: impressions are not search volume.
    expect(await t.database.db.select().from(keywords).where(eq(keywords.brandId, w.brand.id))).toEqual([]);
    expect(rows.map((r) => `${r.country} ${r.query}`).sort()).toEqual([
      "GB buy specialty coffee beans online",
      "GB how to brew pour over coffee",
      "GB lumora coffee",
      "IE lumora coffee",
    ]);

    // The grant is sealed at rest: no column of the connection holds the refresh token in clear.
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(and(eq(connections.workspaceId, w.workspaceId), eq(connections.provider, "search_console")));
    expect(row?.sealedCredential).toMatch(SEALED_WITH_TEST_KEY);
    expect(JSON.stringify(row)).not.toContain(google.refreshToken);

    // The intent module lists no keyword of them, and shows them as the brand's searches, its countries added up.
    const intent = await t.app.inject({
      method: "GET",
      url: "/api/intent",
      headers: { authorization: w.authorization },
    });
    expectContractResponse("getIntent", intent);
    expect(intent.json<Schemas["KeywordList"]>().keywordData).toEqual([]);
    const searches = await t.app.inject({
      method: "GET",
      url: "/api/intent/searches",
      headers: { authorization: w.authorization },
    });
    expectContractResponse("getSearches", searches);
    const list = searches.json<Schemas["SearchQueryList"]>();
    const window = readWindow(t.clock.now());
    expect(list.shown).toEqual({
      from: window.startDate,
      to: window.endDate,
      source: "provider",
      sourceName: "Search Console",
    });
    expect(list.total).toBe(3);
    expect(list.queries.map((q) => q.query)).toEqual([
      "lumora coffee",
      "buy specialty coffee beans online",
      "how to brew pour over coffee",
    ]);
    const ie = rows.find((r) => r.query === "lumora coffee" && r.country === "IE");
    expect(list.queries[0]).toEqual({
      query: "lumora coffee",
      clicks: 412 + (ie?.clicks ?? 0),
      impressions: 1830 + (ie?.impressions ?? 0),
      ctr: expect.closeTo((412 + (ie?.clicks ?? 0)) / (1830 + (ie?.impressions ?? 0)), 6),
      position: expect.closeTo(
        (1.2 * 1830 + (ie?.position ?? 0) * (ie?.impressions ?? 0)) / (1830 + (ie?.impressions ?? 0)),
        6,
      ),
    });
  });

  it("refuses a state that is missing, of another browser, used, expired, or of a user who left", async () => {
    const w = await workspace();
    const other = await workspace();
    const mine = await authorize(w.authorization);
    const theirs = await authorize(other.authorization);
    const { code, state } = google.consent(mine.url);

    expect(outcome(await callback({ code }, mine.cookie))).toEqual({ error: "state_invalid" });
    expect(outcome(await callback({ code, state }, undefined))).toEqual({ error: "state_invalid" });
    // Another workspace's browser cannot spend this consent, and does not use it up either.
    expect(outcome(await callback({ code, state }, theirs.cookie))).toEqual({ error: "state_invalid" });
    expect(outcome(await callback({ code, state: "made-up-state" }, mine.cookie))).toEqual({
      error: "state_invalid",
    });
    expect(outcome(await callback({ code, state }, mine.cookie))).toEqual({ status: "connected" });
    // Used once.
    expect(outcome(await callback({ code, state }, mine.cookie))).toEqual({ error: "state_invalid" });
    await jobsDone(t);
    expect((await connector(other.authorization)).status).toBe("not_connected");

    const late = await authorize(other.authorization);
    const lateConsent = google.consent(late.url);
    t.clock.advance(CONSENT_MS + 1000);
    expect(outcome(await callback(lateConsent, late.cookie))).toEqual({ error: "state_invalid" });

    const leaving = await authorize(other.authorization);
    const leavingConsent = google.consent(leaving.url);
    const elsewhere = await insertWorkspace(t.database.db, { name: "Elsewhere", now: t.clock.now() });
    await t.database.db.update(users).set({ workspaceId: elsewhere.id }).where(eq(users.id, other.userId));
    expect(outcome(await callback(leavingConsent, leaving.cookie))).toEqual({ error: "state_invalid" });
    const [left] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.workspaceId, other.workspaceId));
    expect(left).toBeUndefined();

    // The sweep drops the consents nobody finished, once past its margin.
    t.clock.advance(CONSENT_MS + SPENT_STATE_MARGIN_MS + 1000);
    await sweepOneUseStatesJob({ db: t.database.db, clock: t.clock, log: capturedLog().log });
    expect(
      await t.database.db.select().from(oneUseStates).where(eq(oneUseStates.kind, "connector-consent")),
    ).toEqual([]);
  });

  it("says when the user declined, when Google refuses the code, and refuses a malformed callback with a 400", async () => {
    const w = await workspace();
    const declined = await authorize(w.authorization);
    const declinedState = new URL(declined.url).searchParams.get("state") ?? "";
    expect(
      outcome(await callback({ error: "access_denied", state: declinedState }, declined.cookie)),
    ).toEqual({
      error: "access_denied",
    });

    const refused = await authorize(w.authorization);
    const { state } = google.consent(refused.url);
    expect(outcome(await callback({ code: "4/0AfJohXnot-a-code", state }, refused.cookie))).toEqual({
      error: "exchange_failed",
    });

    const long = await callback({ code: "x", state: "s".repeat(5000) }, refused.cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((await connector(w.authorization)).status).toBe("not_connected");
  });

  it("lets the user choose the property when none is the brand's website", async () => {
    const w = await workspace("https://kettleworth.example/");
    const choose = await send("PUT", "/connectors/search-console", w.authorization, {
      property: "sc-domain:lumora.example",
    });
    expect(choose.statusCode).toBe(409);

    expect(await connect(w.authorization)).toEqual({ status: "choose_property" });
    const waiting = await connector(w.authorization);
    expect(waiting).toMatchObject({ status: "choose_property", property: null, nextRunAt: null });
    expect(waiting.statusReason).toContain("https://kettleworth.example/");
    expect((await send("POST", "/connectors/search-console/refresh", w.authorization)).statusCode).toBe(409);

    const unlisted = await send("PUT", "/connectors/search-console", w.authorization, {
      property: "sc-domain:kettleworth.example",
    });
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().details).toEqual([
      { path: "/property", message: "Choose one of the properties your Google account can read" },
    ]);

    const chosen = await send("PUT", "/connectors/search-console", w.authorization, {
      property: "https://shop.lumora.example/",
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ status: "reading", property: "https://shop.lumora.example/" });
    await jobsDone(t);
    expect(await connector(w.authorization)).toMatchObject({ status: "connected", queries: 4 });
    expect(google.calls).toContain("POST query https://shop.lumora.example/ startRow=0");

    // Connecting again (a new consent) keeps the property chosen.
    expect(await connect(w.authorization)).toEqual({ status: "connected" });
    expect((await connector(w.authorization)).property).toBe("https://shop.lumora.example/");
  });

  it("pages with startRow, stops at the cap, and stores a long read in several statements", async () => {
    const w = await workspace();
    // 5 fixture rows and 60,000 more (of an unknown country, so not stored): two full pages reach the 50,000 cap,
    // and no third is asked for.
    google.extraRows = 60_000;
    await connect(w.authorization);
    expect(google.calls.filter((c) => c.startsWith("POST query"))).toEqual([
      "POST query sc-domain:lumora.example startRow=0",
      "POST query sc-domain:lumora.example startRow=25000",
    ]);
    expect(await connector(w.authorization)).toMatchObject({ status: "connected", queries: 4 });

    google.calls.length = 0;
    google.extraRows = 4_500;
    google.extraRowsCountry = "gbr";
    await send("POST", "/connectors/search-console/refresh", w.authorization);
    await jobsDone(t);
    // A page shorter than the row limit is the last.
    expect(google.calls.filter((c) => c.startsWith("POST query"))).toHaveLength(1);
    expect(await connector(w.authorization)).toMatchObject({ status: "connected", queries: 4_504 });
  });

  it("replaces its previous read, and leaves an imported keyword of the same query alone", async () => {
    const w = await workspace();
    await t.database.db.insert(keywords).values({
      brandId: w.brand.id,
      country: "GB",
      keyword: "Lumora Coffee",
      currency: "GBP",
      cpc: 0.8,
      competition: 0.2,
      volume: 2400,
      trend: [],
      intent: "navigational",
      source: "csv_import",
    });
    await connect(w.authorization);
    const mine = await storedQueries(w.brand.id);
    // The query the brand also has as a keyword is one of its searches all the same: the two are apart.
    expect(mine.map((r) => `${r.country} ${r.query}`).sort()).toEqual([
      "GB buy specialty coffee beans online",
      "GB how to brew pour over coffee",
      "GB lumora coffee",
      "IE lumora coffee",
    ]);
    const kept = await t.database.db.select().from(keywords).where(eq(keywords.brandId, w.brand.id));
    expect(kept).toEqual([
      expect.objectContaining({ keyword: "Lumora Coffee", volume: 2400, source: "csv_import" }),
    ]);

    google.malformed = true;
    expect((await send("POST", "/connectors/search-console/refresh", w.authorization)).statusCode).toBe(202);
    await jobsDone(t);
    // The malformed rows are left out and said so; the read replaces the one before.
    expect(await connector(w.authorization)).toMatchObject({
      status: "connected",
      statusReason: "7 rows Search Console sent could not be read and were left out.",
      queries: 1,
    });
    expect(await storedQueries(w.brand.id)).toHaveLength(1);
  });

  it("says when the quota is spent (403 quotaExceeded, 429) and when access to the property is lost", async () => {
    const w = await workspace();
    await connect(w.authorization);

    google.queryError = "quota";
    expect((await send("POST", "/connectors/search-console/refresh", w.authorization)).statusCode).toBe(202);
    await jobsDone(t);
    const spent = await connector(w.authorization);
    expect(spent.status).toBe("quota_exhausted");
    expect(spent.statusReason).toMatch(
      /^Search Console's quota is used up for now: Brandscope reads it again at \d\d:17 UTC, or read again now in a few minutes\.$/,
    );
    // The read before stays.
    expect(spent.queries).toBe(4);

    google.queryError = "rate";
    await send("POST", "/connectors/search-console/refresh", w.authorization);
    await jobsDone(t);
    expect((await connector(w.authorization)).status).toBe("quota_exhausted");

    google.queryError = undefined;
    google.sites = [];
    await send("POST", "/connectors/search-console/refresh", w.authorization);
    await jobsDone(t);
    expect(await connector(w.authorization)).toMatchObject({
      status: "no_access",
      statusReason:
        "Your Google account can no longer read sc-domain:lumora.example in Search Console: ask its owner for access, or choose another property.",
    });
  });

  it("asks to reconnect when Google refuses the grant (invalid_grant), and the daily refresh leaves it", async () => {
    const w = await workspace();
    await connect(w.authorization);
    // Not read for two days: the daily refresh queues its read.
    await t.database.db
      .update(connections)
      .set({ lastRunAt: new Date(t.clock.now().getTime() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(connections.workspaceId, w.workspaceId));
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
      kind: "sync-search-console",
      data: { workspaceId: w.workspaceId, brandId: w.brand.id },
    });
    google.revoked.add(google.refreshToken);
    await send("POST", "/connectors/search-console/refresh", w.authorization);
    await jobsDone(t);
    expect(await connector(w.authorization)).toMatchObject({
      status: "token_expired",
      statusReason:
        "Google no longer accepts Brandscope's access to Search Console (it was revoked or has expired): reconnect to read your queries again.",
      nextRunAt: null,
    });
    expect((await send("POST", "/connectors/search-console/refresh", w.authorization)).statusCode).toBe(409);
    const refreshable = await findRefreshableConnections(t.database.db);
    expect(refreshable.filter((c) => c.workspaceId === w.workspaceId)).toEqual([]);
  });

  it("tries again when Google does not answer, limits refreshes, and forgets the grant on disconnect", async () => {
    const w = await workspace();
    // A Google account no other connection of this file holds, so the disconnect revokes its grant (grant.ts).
    await connect(w.authorization, "sc-leaver");
    google.calls.length = 0;
    google.failNext(1);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await send("POST", "/connectors/search-console/refresh", w.authorization)).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
    await jobsDone(t);
    expect(google.calls).toContain(
      "POST /webmasters/v3/sites/sc-domain%3Alumora.example/searchAnalytics/query 503",
    );
    expect(await connector(w.authorization)).toMatchObject({ status: "connected", queries: 4 });

    expect((await send("DELETE", "/connectors/search-console", w.authorization)).statusCode).toBe(204);
    expect(google.calls.at(-1)).toBe("POST /revoke");
    expect(google.revokedAccounts).toEqual(["sc-leaver"]);
    // The queries read stay with the brand.
    expect(await connector(w.authorization)).toMatchObject({ status: "not_connected", queries: 4 });
  });
  it("connects the brand that started the consent, and two brands share one Google account until both leave", async () => {
    const w = await workspace();
    // A second brand, now the newest: a call without X-Brand-Id would be about it.
    const newer = await insertOwnBrand(t.database.db, w.workspaceId, {
      name: "Lumora Shop",
      website: "https://shop.lumora.example/",
    });
    const started = await authorize(w.authorization, w.brand.id);
    const { code, state } = google.consent(started.url, "two-brands");
    const back = await callback(
      { code, state, scope: "https://www.googleapis.com/auth/webmasters.readonly" },
      started.cookie,
    );
    // The callback (a browser redirect, without X-Brand-Id) connected the brand that started it, and returns to it.
    expect(outcome(back)).toEqual({ status: "connected" });
    expect(new URL(String(back.headers.location)).searchParams.get("brand")).toBe(w.brand.id);
    await jobsDone(t);
    expect(await connector(w.authorization, w.brand.id)).toMatchObject({
      status: "connected",
      property: "sc-domain:lumora.example",
    });
    expect(await connector(w.authorization)).toMatchObject({ status: "not_connected", property: null });
    expect((await storedQueries(w.brand.id)).length).toBeGreaterThan(0);
    expect(await storedQueries(newer.id)).toEqual([]);

    // The newest brand connects the same Google account: its own connection, reading its own property.
    expect(await connect(w.authorization, "two-brands")).toEqual({ status: "connected" });
    expect(await connector(w.authorization, newer.id)).toMatchObject({
      status: "connected",
      property: "https://shop.lumora.example/",
    });
    // Google's revoke would end the account's whole grant: not while the other brand still holds it (grant.ts).
    const leave = (brandId: string) =>
      send("DELETE", "/connectors/search-console", w.authorization, undefined, brandId);
    expect((await leave(w.brand.id)).statusCode).toBe(204);
    expect(google.revokedAccounts).toEqual([]);
    expect(await connector(w.authorization, w.brand.id)).toMatchObject({ status: "not_connected" });
    expect(
      (await send("POST", "/connectors/search-console/refresh", w.authorization, undefined, newer.id))
        .statusCode,
    ).toBe(202);
    await jobsDone(t);
    expect(await connector(w.authorization, newer.id)).toMatchObject({ status: "connected" });
    expect((await leave(newer.id)).statusCode).toBe(204);
    expect(google.revokedAccounts).toEqual(["two-brands"]);
  });
});
