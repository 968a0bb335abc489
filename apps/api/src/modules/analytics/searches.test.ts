import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { multipart } from "../../../test/multipart";
import { readAfterFigureJobs, recordedJobs, runFigureJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { brands, connections, keywords, posts, searchQueries, workspaceBrands } from "../../db/schema";
import { chooseSet, fitOf } from "./search-sets";

type Schemas = components["schemas"];

// "Your searches" (GET /intent/searches, and its CSV export): the brand's own Search Console queries, as a real
// export stored them (test/fixtures/real-exports/search-console-queries/), for the period asked for, by clicks.

const REAL = join(import.meta.dirname, "../../../test/fixtures/real-exports/search-console-queries");
const recorded = recordedJobs();
const { jobs } = recorded;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs } });
  return () => t.close();
});

async function ownBrand() {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const [brand] = await t.database.db
    .insert(brands)
    .values({
      workspaceId: user.workspaceId,
      name: "Lumora",
      website: "https://lumora.example/",
      status: "active",
    })
    .returning();
  if (!brand) throw new Error("no brand");
  await t.database.db.insert(workspaceBrands).values({ workspaceId: user.workspaceId, brandId: brand.id });
  return { ...user, brandId: brand.id };
}

async function importQueries(authorization: string, file: string, referenceDate: string) {
  const { payload, contentType } = multipart(
    { name: "Queries.csv", data: readFileSync(join(REAL, file)) },
    { referenceDate },
  );
  const response = await t.app.inject({
    method: "POST",
    url: "/api/brand/imports",
    payload,
    headers: { authorization, "content-type": contentType },
  });
  expect(response.statusCode).toBe(201);
  t.clock.advance(1000);
  return response.json<Schemas["Import"]>();
}

async function searches(authorization: string, query = "") {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/intent/searches${query}`,
    headers: { authorization },
  });
  expectContractResponse("getSearches", response);
  return response;
}

const today = () => t.clock.now().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);

describe("GET /api/intent/searches", () => {
  it("lists the brand's queries of an export by clicks, with the days they cover", async () => {
    const w = await ownBrand();
    const empty = await searches(w.authorization);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ queries: [], total: 0, shown: null, stored: [] });

    await importQueries(w.authorization, "omac049.csv", today());
    const response = await searches(w.authorization);
    const list = response.json<Schemas["SearchQueryList"]>();
    const lines = readFileSync(join(REAL, "omac049.csv"), "utf8").trim().split("\n").slice(1);
    const byClicks = lines
      .map((line) => line.split(","))
      .map(([query, clicks, impressions, ctr, position]) => ({
        query: query ?? "",
        clicks: Number(clicks),
        impressions: Number(impressions),
        ctr: Number(ctr?.replace("%", "")) / 100,
        position: Number(position),
      }))
      .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions);
    expect(list.queries.map((q) => q.query)).toEqual(byClicks.map((q) => q.query));
    // The file's own figures, CTR as a ratio.
    expect(list.queries[0]).toEqual({ ...byClicks[0], ctr: expect.closeTo(byClicks[0]?.ctr ?? 0, 10) });
    expect(list.total).toBe(8);
    // A plain export covers Search Console's default 3 months, ending the day before it was uploaded.
    expect(list.shown).toEqual({
      from: new Date(
        Date.UTC(t.clock.now().getUTCFullYear(), t.clock.now().getUTCMonth() - 3, t.clock.now().getUTCDate()),
      )
        .toISOString()
        .slice(0, 10),
      to: daysAgo(1),
      source: "csv_import",
      sourceName: "Search Console export Queries.csv",
    });
    expect(list.stored).toEqual([list.shown]);
  });

  it("shows the set that fits the period best, never two added up, and none for a period it misses", async () => {
    const w = await ownBrand();
    // A 3-month export uploaded today, and an older one whose 3 months ended about four months ago.
    await importQueries(w.authorization, "jfaccioli.csv", today());
    await importQueries(w.authorization, "ztokar.csv", daysAgo(120));

    const recent = (await searches(w.authorization, "?period=90d")).json<Schemas["SearchQueryList"]>();
    expect(recent.shown?.to).toBe(daysAgo(1));
    expect(recent.total).toBe(8);
    expect(recent.stored).toHaveLength(2);
    // The older set for a custom range inside its days.
    const older = (
      await searches(w.authorization, `?period=custom&from=${daysAgo(170)}&to=${daysAgo(130)}`)
    ).json<Schemas["SearchQueryList"]>();
    expect(older.shown?.to).toBe(daysAgo(121));
    expect(older.queries.map((q) => q.query)).toContain("copper velvet");
    expect(older.queries.map((q) => q.query)).not.toContain("maple ember");
    // A range before any set: nothing shown, the stored sets named.
    const none = (
      await searches(w.authorization, `?period=custom&from=${daysAgo(400)}&to=${daysAgo(380)}`)
    ).json<Schemas["SearchQueryList"]>();
    expect(none).toMatchObject({ queries: [], total: 0, shown: null });
    expect(none.stored).toHaveLength(2);
  });

  it("answers 400 for a bad period, 404 without a brand, and another workspace's searches never", async () => {
    const w = await ownBrand();
    await importQueries(w.authorization, "iman-hamdan.csv", today());
    const bad = await searches(w.authorization, `?period=custom&from=${today()}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const other = await ownBrand();
    expect((await searches(other.authorization)).json()).toMatchObject({ queries: [], stored: [] });
    const brandless = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    expect((await searches(brandless.authorization)).statusCode).toBe(404);
  });

  it("gives Starter the same list: its top-3 limit is for personas and influencers only", async () => {
    const w = await ownBrand();
    await t.database.pool.query("update subscriptions set plan = 'starter' where workspace_id = $1", [
      w.workspaceId,
    ]);
    await importQueries(w.authorization, "erikbrignall.csv", today());
    expect((await searches(w.authorization)).json<Schemas["SearchQueryList"]>().queries).toHaveLength(8);
  });

  it("exports the shown set as CSV, by clicks, each row with its days and source", async () => {
    const w = await ownBrand();
    await importQueries(w.authorization, "alfianalim.csv", today());
    const response = await t.app.inject({
      method: "GET",
      url: "/api/export/searches",
      headers: { authorization: w.authorization },
    });
    expectContractResponse("exportDataset", response);
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe("query,clicks,impressions,ctr,position,period_from,period_to,source");
    expect(rows).toHaveLength(6);
    // Compare mode: the current period's figures ("Last 3 months"), the highest clicks first.
    expect(rows[1]).toMatch(/^cobalt juniper lantern sable juniper,8382,4950,0\.6111,9,\d{4}-\d\d-\d\d,/);
    expect(rows[1]?.endsWith(`,${daysAgo(1)},Search Console export Queries.csv`)).toBe(true);
  });
});

describe("which stored set a period shows", () => {
  it("fits by the days both cover over the days either covers", () => {
    const window = { from: "2026-11-06", to: "2026-12-05" };
    expect(fitOf({ from: "2026-11-06", to: "2026-12-05" }, window)).toBe(1);
    expect(fitOf({ from: "2026-01-01", to: "2026-01-31" }, window)).toBe(0);
    const month = { from: "2026-11-05", to: "2026-12-02" };
    const sixteenMonths = { from: "2025-08-06", to: "2026-12-05" };
    // The 28 days nearly the same as the 30 asked for beat 16 months that merely include them.
    expect(chooseSet([sixteenMonths, month], window)).toBe(month);
    expect(chooseSet([{ from: "2025-01-01", to: "2025-02-01" }], window)).toBeUndefined();
  });
});

describe("migration 0036: Search Console's reads leave the keywords", () => {
  it("moves the connector's queries to the brand's searches and drops the keywords whose volume was impressions", async () => {
    const w = await ownBrand();
    const db = t.database.pool;
    const lastSuccess = new Date("2026-11-20T06:00:00Z");
    const [connection] = await t.database.db
      .insert(connections)
      .values({
        workspaceId: w.workspaceId,
        brandId: w.brandId,
        provider: "search_console",
        status: "connected",
        property: "sc-domain:lumora.example",
        lastSuccessAt: lastSuccess,
      })
      .returning();
    // The keywords table as it was before: Search Console's columns, and a read stored in them.
    await db.query(`alter table keywords add column clicks integer, add column impressions integer,
      add column ctr double precision, add column position double precision`);
    try {
      await db.query(
        `insert into keywords (brand_id, country, keyword, currency, volume, trend, intent, clicks, impressions, ctr,
           position, source, planned_at) values
         ($1, 'GB', 'lumora coffee', 'USD', 1830, '{}', 'navigational', 412, 1830, 0.2251, 1.2, 'provider', null),
         ($1, 'GB', 'smart lamp uk', 'GBP', 880, '{}', 'commercial', 4, 120, 0.033, 7.5, 'provider', now()),
         ($1, 'GB', 'lumora beans', 'USD', 900, '{}', 'commercial', null, null, null, null, 'csv_import', null)`,
        [w.brandId],
      );
      const drizzle = join(import.meta.dirname, "../../../drizzle");
      const file = readdirSync(drizzle).find((name) => name.startsWith("0036_")) ?? "";
      const statements = readFileSync(join(drizzle, file), "utf8").split("--> statement-breakpoint");
      // The table and its indexes exist already; the data statements and the dropped columns are what is tested.
      for (const statement of statements.filter((s) => !/CREATE|ADD CONSTRAINT/.test(s)))
        await db.query(statement);
    } finally {
      await db.query(`alter table keywords drop column if exists clicks, drop column if exists impressions,
        drop column if exists ctr, drop column if exists position`);
    }
    const moved = await t.database.db
      .select()
      .from(searchQueries)
      .where(eq(searchQueries.brandId, w.brandId));
    expect(moved.map((q) => [q.query, q.clicks, q.impressions]).sort()).toEqual([
      ["lumora coffee", 412, 1830],
      ["smart lamp uk", 4, 120],
    ]);
    expect(moved[0]).toMatchObject({
      workspaceId: w.workspaceId,
      source: "provider",
      connectionId: connection?.id,
      periodFrom: "2026-10-21",
      periodTo: "2026-11-17",
    });
    // The read's own keyword (its volume was its impressions) is gone; Google Ads' volume and the import stay.
    const left = await t.database.db.select().from(keywords).where(eq(keywords.brandId, w.brandId));
    expect(left.map((k) => [k.keyword, k.volume]).sort()).toEqual([
      ["lumora beans", 900],
      ["smart lamp uk", 880],
    ]);
  });
});

describe("GET /api/content: the searches behind the keywords of the brand's posts", () => {
  it("adds to each keyword the clicks of the brand's Search Console queries that hold it, for the set the period reads", async () => {
    const w = await ownBrand();
    // jfaccioli.csv's queries include "maple ember" (129 clicks) and "ember" alone (24).
    await t.database.db.insert(posts).values(
      Array.from({ length: 20 }, (_, i) => ({
        brandId: w.brandId,
        platform: "instagram" as const,
        url: `https://instagram.example/p/${w.brandId}-${i}`,
        postedAt: new Date(t.clock.now().getTime() - (i + 2) * 86_400_000),
        text: i < 12 ? `Maple ember ${i % 2 ? "latte" : "cake"}, batch ${i}` : `Opening hours, week ${i}`,
        format: "image",
        likes: 10 + i,
        comments: 1,
        shares: null,
        views: null,
        source: "csv_import" as const,
      })),
    );
    // The brand's first figures, computed by the job its first read queued.
    const before = await readAfterFigureJobs(t, recorded, () =>
      t.app.inject({ method: "GET", url: "/api/content?period=30d", headers: w }),
    );
    expect(before.statusCode).toBe(200);
    const none = before.json<Schemas["ContentAnalytics"]>().keywordAnalysis;
    expect(none.searchPeriod).toBeNull();
    expect(none.items.every((i) => i.searches === null)).toBe(true);

    // A moment after the figures above, so the import's change is newer than them (the test clock stands still).
    t.clock.advance(1000);
    await importQueries(w.authorization, "jfaccioli.csv", today());
    // The import queued the brand's recompute: its figures hold the searches once that job has run.
    await runFigureJobs(t, recorded);
    const response = await t.app.inject({ method: "GET", url: "/api/content?period=30d", headers: w });
    expectContractResponse("getContent", response);
    const section = response.json<Schemas["ContentAnalytics"]>().keywordAnalysis;
    expect(section.searchPeriod).toEqual({ from: daysAgo(91), to: daysAgo(1) });
    const csv = readFileSync(join(REAL, "jfaccioli.csv"), "utf8").split("\n").slice(1);
    const holding = (words: RegExp) =>
      csv.filter((line) => words.test(line.split(",")[0] ?? "")).map((line) => line.split(","));
    const sum = (rows: string[][], column: number) => rows.reduce((total, r) => total + Number(r[column]), 0);
    const maple = holding(/\bmaple ember\b/);
    expect(section.items.find((i) => i.keyword === "maple ember")?.searches).toEqual({
      queries: maple.length,
      clicks: sum(maple, 1),
      impressions: sum(maple, 2),
    });
    // A keyword no query holds: searched by none, not unknown.
    expect(section.items.find((i) => i.keyword === "opening hours")?.searches).toEqual({
      queries: 0,
      clicks: 0,
      impressions: 0,
    });
  });
});
