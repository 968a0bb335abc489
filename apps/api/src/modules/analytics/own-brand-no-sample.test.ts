import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { type SeededUser, seedSignedInUser } from "../../../test/users";
import { contractSender, instagramExport, ownBrandWithRival, type Send } from "../../../test/workspaces";
import { jwtKey } from "../../config/keys";
import { loadContract } from "../../http/contract";
import { findSampleCatalogue } from "../brand/brand.repo";

type Schemas = components["schemas"];

// Issue 28 §1: the sample data set belongs to the sample workspace. A brand of one's own in the sample brand's own
// industry and country, with its own keywords, posts and audience imported, reads every module and export: no row
// of the sample data set comes back (its keywords, its generated creators, its brands and personas), while a
// workspace on the sample brand still reads them, so each assertion can fail.

const GA4_TRAFFIC = readFileSync(
  join(import.meta.dirname, "../../../test/fixtures/real-exports/ga4-traffic/loc32142.csv"),
);
const GA4_AUDIENCE = readFileSync(
  join(import.meta.dirname, "../../../test/fixtures/ga4/audience-exploration.csv"),
);
const OWN_KEYWORDS = ["oakridge cold brew kit", "oakridge espresso grinder"];
/** The own brand's searches, from a Search Console export (compare mode), by clicks. */
const OWN_SEARCHES = ["oakridge roasters", "oakridge decaf beans"];
const SEARCH_CONSOLE_EXPORT = Buffer.from(
  [
    "Query,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions," +
      "Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position",
    `${OWN_SEARCHES[1]},12,9,300,280,4%,3.21%,6.2,7.1`,
    `${OWN_SEARCHES[0]},140,120,420,400,33.33%,30%,1.1,1.2`,
  ].join("\n"),
);

/** A Keyword Planner export (UTF-16LE, tab-separated, two title lines) of the own brand's keywords. */
function keywordPlannerExport(): Buffer {
  const lines = [
    "Keyword Stats 2026-09-14 at 10_41_52",
    '"September 1, 2025 - August 31, 2026"',
    "Keyword\tCurrency\tAvg. monthly searches\tCompetition\tTop of page bid (low range)\tTop of page bid (high range)",
    `${OWN_KEYWORDS[0]}\tUSD\t1900\tLow\t0.40\t1.20`,
    `${OWN_KEYWORDS[1]}\tUSD\t880\tHigh\t1.10\t2.90`,
  ];
  return Buffer.from(`\ufeff${lines.join("\r\n")}\r\n`, "utf16le");
}

let t: TestApp;
let send: Send;
/** On the sample brand. */
let sampleUser: SeededUser;
/** Their own brand, in the sample brand's industry and country, with imports. */
let ownUser: SeededUser;
/** Their own brand in the same market, nothing imported. */
let emptyUser: SeededUser;
/** What of the sample data set must not reach an own brand. */
const sample = {
  keywords: new Set<string>(),
  influencerIds: new Set<string>(),
  handles: [] as string[],
  brandNames: [] as string[],
  personaIds: new Set<string>(),
};

async function professional(): Promise<SeededUser> {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  await t.database.pool.query("update subscriptions set plan = 'professional' where workspace_id = $1", [
    user.workspaceId,
  ]);
  return user;
}

/** A workspace whose own brand (and its one competitor) are in the sample brand's industry and country. */
async function ownBrandIn(market: { industry: string | null; country: string | null }) {
  const user = await professional();
  await ownBrandWithRival(t, user.workspaceId, { names: ["Oakridge Roasters", "Fernhill Beans"], ...market });
  return user;
}

async function upload(user: SeededUser, name: string, data: Buffer) {
  const response = await send("createImport", user.authorization, { upload: { file: { name, data } } });
  expect(response.statusCode).toBe(201);
  t.clock.advance(1000);
  await jobsDone(t);
}

beforeAll(async () => {
  t = await buildTestApp({ jobs: { retryDelaySeconds: 1 } });
  send = contractSender(t, await loadContract());
  const catalogue = await findSampleCatalogue(t.database.db);
  if (!catalogue) throw new Error("The test database has no sample data set");
  const focus = await t.database.pool.query<{ industry: string | null; country: string | null }>(
    "select industry, country from brands where id = $1",
    [catalogue.focusBrandId],
  );
  const market = focus.rows[0] ?? { industry: null, country: null };
  expect(market.industry).not.toBeNull();

  sampleUser = await professional();
  expect((await send("createBrand", sampleUser.authorization, { body: { sample: true } })).statusCode).toBe(
    201,
  );
  ownUser = await ownBrandIn(market);
  await upload(ownUser, "keyword-planner.csv", keywordPlannerExport());
  await upload(ownUser, "instagram-posts.csv", instagramExport());
  await upload(ownUser, "ga4-audience.csv", GA4_AUDIENCE);
  await upload(ownUser, "Queries.csv", SEARCH_CONSOLE_EXPORT);
  emptyUser = await ownBrandIn(market);

  const db = t.database.pool;
  for (const r of (
    await db.query<{ k: string }>("select lower(keyword) as k from keywords where source = 'sample'")
  ).rows)
    sample.keywords.add(r.k);
  for (const r of (
    await db.query<{ id: string; handle: string }>(
      "select id, handle from influencers where source = 'sample'",
    )
  ).rows) {
    sample.influencerIds.add(r.id);
    sample.handles.push(r.handle);
  }
  sample.brandNames = (await db.query<{ name: string }>("select name from brands where sample")).rows.map(
    (r) => r.name,
  );
  for (const r of (
    await db.query<{ id: string }>(
      "select p.id from personas p join brands b on b.id = p.brand_id where b.sample",
    )
  ).rows)
    sample.personaIds.add(r.id);
  expect(sample.keywords.size).toBeGreaterThan(0);
  expect(sample.influencerIds.size).toBeGreaterThan(0);
  expect(sample.personaIds.size).toBeGreaterThan(0);
  return () => t.close();
});
afterAll(() => undefined);

/** A read as the marketer meets it once the figures' jobs have run (a first read of none stored answers 202). */
const read = async <T>(user: SeededUser, operationId: string, probe: Parameters<Send>[2] = {}) => {
  let response = await send(operationId, user.authorization, probe);
  if (response.statusCode === 202) {
    await jobsDone(t);
    response = await send(operationId, user.authorization, probe);
  }
  expect(response.statusCode, `${operationId}: ${response.body.slice(0, 200)}`).toBe(200);
  return { body: response.json<T>(), text: response.body };
};

/** The sample's brands, creators and personas named anywhere in a response's text. */
function sampleNamedIn(text: string): string[] {
  return [
    ...sample.brandNames.filter((name) => text.includes(name)),
    ...sample.handles.filter((handle) => text.includes(handle)),
    ...[...sample.influencerIds, ...sample.personaIds].filter((id) => text.includes(id)),
  ];
}

const sampleKeywordsOf = (keywords: readonly string[]) =>
  keywords.filter((k) => sample.keywords.has(k.toLowerCase()));

/** The first cell of each data row of a CSV export. */
const firstCells = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]?.replace(/^"|"$/g, "") ?? "");

describe("a brand of one's own in the sample brand's industry and country", () => {
  it("reads its own keywords only: the sample's industry keywords stay with the sample brand", async () => {
    const own = await read<Schemas["KeywordList"]>(ownUser, "getIntent");
    expect(own.body.keywordData.map((k) => k.keyword).sort()).toEqual(OWN_KEYWORDS);
    expect(own.body.provenance.source).toBe("csv_import");
    // The industry filter works on its own pool: its keywords are its industry's, none of another's.
    const other = await read<Schemas["KeywordList"]>(ownUser, "getIntent", {
      query: { industry: "fashion" },
    });
    expect(other.body.keywordData).toEqual([]);

    const samples = await read<Schemas["KeywordList"]>(sampleUser, "getIntent");
    expect(samples.body.provenance.source).toBe("sample");
    const sampleWord = samples.body.keywordData[0]?.keyword.split(" ")[0] ?? "";
    expect(sampleKeywordsOf(samples.body.keywordData.map((k) => k.keyword)).length).toBeGreaterThan(0);

    // A search for a word of the sample's keywords finds none of them for the own brand.
    const found = await read<Schemas["KeywordList"]>(ownUser, "searchKeywords", {
      query: { keyword: sampleWord },
    });
    expect(sampleKeywordsOf(found.body.keywordData.map((k) => k.keyword))).toEqual([]);
    const sampleFound = await read<Schemas["KeywordList"]>(sampleUser, "searchKeywords", {
      query: { keyword: sampleWord },
    });
    expect(sampleKeywordsOf(sampleFound.body.keywordData.map((k) => k.keyword)).length).toBeGreaterThan(0);

    // With nothing imported the list is empty and says it is the brand's own, not sample data.
    const empty = await read<Schemas["KeywordList"]>(emptyUser, "getIntent");
    expect(empty.body.keywordData).toEqual([]);
    expect(empty.body.provenance.source).not.toBe("sample");
  });

  it("reads its own searches only, apart from its keywords; the sample brand has none", async () => {
    const own = await read<Schemas["SearchQueryList"]>(ownUser, "getSearches");
    expect(own.body.queries.map((q) => q.query)).toEqual(OWN_SEARCHES);
    expect(own.body.shown).toMatchObject({
      source: "csv_import",
      sourceName: "Search Console export Queries.csv",
    });
    expect(sampleKeywordsOf(own.body.queries.map((q) => q.query))).toEqual([]);
    // Its searches are not keywords: the keyword list holds the planner's two alone.
    const keywords = await read<Schemas["KeywordList"]>(ownUser, "getIntent");
    expect(keywords.body.keywordData.map((k) => k.keyword).sort()).toEqual(OWN_KEYWORDS);
    for (const user of [sampleUser, emptyUser]) {
      const none = await read<Schemas["SearchQueryList"]>(user, "getSearches");
      expect(none.body).toEqual({ queries: [], total: 0, shown: null, stored: [] });
    }
  });

  it("ranks none of the sample's generated creators, in the list, the details or a persona's shortlist", async () => {
    for (const user of [ownUser, emptyUser]) {
      const list = await read<Schemas["InfluencerList"]>(user, "listInfluencers");
      expect(list.body).toMatchObject({ results: [], total: 0 });
      const industry = await read<Schemas["InfluencerList"]>(user, "listInfluencers", {
        query: { platform: "youtube" },
      });
      expect(industry.body.results).toEqual([]);
    }
    const samples = await read<Schemas["InfluencerList"]>(sampleUser, "listInfluencers");
    const creator = samples.body.results[0];
    expect(creator && sample.influencerIds.has(creator.id)).toBe(true);
    expect(
      (await send("getInfluencer", sampleUser.authorization, { params: { id: creator?.id ?? "" } }))
        .statusCode,
    ).toBe(200);
    // Asked by id, a sample creator is not in the own brand's pool.
    const details = await send("getInfluencer", ownUser.authorization, { params: { id: creator?.id ?? "" } });
    expect(details.statusCode).toBe(404);
  });

  it("matches its personas with its own keywords and no sample creator", async () => {
    const list = await read<Schemas["PersonaList"]>(ownUser, "listPersonas", { query: { limit: "100" } });
    expect(list.body.results.length).toBeGreaterThan(0);
    expect(sampleNamedIn(list.text)).toEqual([]);
    for (const persona of list.body.results) {
      const details = await read<Schemas["PersonaDetails"]>(ownUser, "getPersona", {
        params: { id: persona.id },
      });
      expect(sampleNamedIn(details.text)).toEqual([]);
      expect(details.body.influencers).toEqual([]);
      expect(details.body.keywords.every((k) => OWN_KEYWORDS.includes(k.keyword))).toBe(true);
    }
    // The sample brand's personas keep their shortlists of the sample's creators.
    const samples = await read<Schemas["PersonaList"]>(sampleUser, "listPersonas", {
      query: { limit: "100" },
    });
    const shortlists = await Promise.all(
      samples.body.results.map(
        async (p) =>
          (await read<Schemas["PersonaDetails"]>(sampleUser, "getPersona", { params: { id: p.id } })).body
            .influencers,
      ),
    );
    expect(shortlists.flat().some((i) => sample.influencerIds.has(i.id))).toBe(true);
  });

  it("reads content, competitors and the dashboard without a sample row or a sample figure", async () => {
    for (const [operationId, query] of [
      ["getContent", {}],
      ["getCompetitorAnalytics", {}],
      ["getDashboard", {}],
      ["getContent", { period: "90d" }],
    ] as const) {
      const { body, text } = await read<{ provenance?: Schemas["Provenance"] }>(ownUser, operationId, {
        query,
      });
      expect(sampleNamedIn(text), operationId).toEqual([]);
      expect(body.provenance?.source, operationId).not.toBe("sample");
    }
    const headline = (dashboard: Schemas["Dashboard"], module: string) =>
      dashboard.headlines.find((h) => h.module === module)?.figure;
    const own = (await read<Schemas["Dashboard"]>(ownUser, "getDashboard")).body;
    // The cost per click of its own two keywords alone, weighted by their volumes.
    const cpcs = await t.database.pool.query<{ weighted: number }>(
      `select sum(k.cpc * k.volume) / sum(k.volume) as weighted from keywords k
       join workspace_brands wb on wb.brand_id = k.brand_id where wb.workspace_id = $1`,
      [ownUser.workspaceId],
    );
    expect(headline(own, "intent")?.value).toBeCloseTo(cpcs.rows[0]?.weighted ?? Number.NaN, 6);
    expect(headline(own, "influencer")?.value).toBeNull();
    const empty = (await read<Schemas["Dashboard"]>(emptyUser, "getDashboard")).body;
    expect(headline(empty, "intent")?.value).toBeNull();
    const samples = (await read<Schemas["Dashboard"]>(sampleUser, "getDashboard")).body;
    expect(headline(samples, "influencer")?.value).toBeGreaterThan(0);
    expect(headline(samples, "intent")?.value).toBeGreaterThan(0);
  });

  it("exports every data set without a row of the sample", async () => {
    const datasets = [
      "posts",
      "keywords",
      "searches",
      "personas",
      "influencers",
      "competitor-metrics",
      "traffic-by-country",
    ];
    for (const dataset of datasets) {
      const response = await send("exportDataset", ownUser.authorization, { params: { dataset } });
      expect(response.statusCode, dataset).toBe(200);
      expect(sampleNamedIn(response.body), dataset).toEqual([]);
      if (dataset === "keywords") expect(firstCells(response.body).sort()).toEqual(OWN_KEYWORDS);
      if (dataset === "searches") expect(firstCells(response.body)).toEqual(OWN_SEARCHES);
      if (dataset === "influencers") expect(firstCells(response.body)).toEqual([]);
    }
    const sampleKeywords = await send("exportDataset", sampleUser.authorization, {
      params: { dataset: "keywords" },
    });
    expect(sampleKeywordsOf(firstCells(sampleKeywords.body)).length).toBeGreaterThan(0);
    const sampleCreators = await send("exportDataset", sampleUser.authorization, {
      params: { dataset: "influencers" },
    });
    expect(sampleNamedIn(sampleCreators.body).length).toBeGreaterThan(0);
  });

  it("on Starter, shows the top 3 personas and influencers of its own pools, none of the sample's", async () => {
    const setPlan = (plan: string) =>
      t.database.pool.query("update subscriptions set plan = $1 where workspace_id = $2", [
        plan,
        ownUser.workspaceId,
      ]);
    await setPlan("starter");
    try {
      const personas = await read<Schemas["PersonaList"]>(ownUser, "listPersonas");
      expect(personas.body.results.length).toBeGreaterThan(0);
      expect(personas.body.results.length).toBeLessThanOrEqual(3);
      expect(sampleNamedIn(personas.text)).toEqual([]);
      const influencers = await read<Schemas["InfluencerList"]>(ownUser, "listInfluencers");
      expect(influencers.body).toMatchObject({ results: [], total: 0 });
      for (const dataset of ["personas", "influencers"]) {
        const response = await send("exportDataset", ownUser.authorization, { params: { dataset } });
        expect(sampleNamedIn(response.body), dataset).toEqual([]);
      }
    } finally {
      await setPlan("professional");
    }
  });

  it("says on the competitor screen that its Instagram export is older than the last 30 days", async () => {
    const { body } = await read<Schemas["CompetitorAnalytics"]>(ownUser, "getCompetitorAnalytics");
    const instagram = body.common.brand.sources.find((s) => s.platform === "instagram");
    // The export's posts are from September 2026; named periods end today (docs/decisions.md "Periods").
    expect(instagram).toMatchObject({ source: "csv_import", label: "Instagram export", behind: true });
    expect(instagram?.reason).toMatch(
      /^Instagram export: newest post \d{1,2} \w{3,4} 2026 — upload a newer export or connect Instagram$/,
    );
  });

  it("shows its own GA4 traffic on the competitor screen, none of the sample's", async () => {
    const user = await ownBrandIn({ industry: null, country: null });
    const before = (await read<Schemas["CompetitorAnalytics"]>(user, "getCompetitorAnalytics")).body;
    expect(before.common.brand.trafficByCountry).toEqual([]);
    expect(before.common.brand.metrics.find((m) => m.metric === "overallTraffic")?.value).toBeNull();
    await upload(user, "Demographic_details_Country.csv", GA4_TRAFFIC);
    const query = { period: "custom", from: "2026-07-01", to: "2026-09-30" };
    const { body, text } = await read<Schemas["CompetitorAnalytics"]>(user, "getCompetitorAnalytics", {
      query,
    });
    expect(sampleNamedIn(text)).toEqual([]);
    // Only the countries of its own file (August's, by engaged sessions), never the sample's markets.
    expect(body.common.brand.trafficByCountry.map((e) => e.countryId).sort()).toEqual(
      ["BIH", "CIV", "GBR", "KNA", "MMR", "TTO", "USA"].sort(),
    );
    const rows = await t.database.pool.query<{ source: string }>(
      `select distinct t.source from traffic_months t join workspace_brands wb on wb.brand_id = t.brand_id
       where wb.workspace_id = $1`,
      [user.workspaceId],
    );
    expect(rows.rows).toEqual([{ source: "csv_import" }]);
    // The sample brand keeps its own traffic.
    const samples = (await read<Schemas["CompetitorAnalytics"]>(sampleUser, "getCompetitorAnalytics")).body;
    expect(samples.common.brand.trafficByCountry.length).toBeGreaterThan(0);
  });

  it("keeps nothing of the sample that the compute job stored for an own brand before (migration 0028)", async () => {
    const db = t.database.pool;
    const own = (await read<Schemas["BrandResponse"]>(emptyUser, "getBrand")).body.brand?.id ?? "";
    const catalogue = await findSampleCatalogue(t.database.db);
    // What a recompute stored before issue 28: a persona matched with the sample's keywords and creators, the
    // sample's creators ranked for the brand, and the dashboard's counts of them.
    await db.query(
      `insert into personas (id, brand_id, rank, name, sort_key, age_min, age_max, gender, interests, platforms, size,
         share, engagement_rate, country, industry, vector, details, computed_at)
       select gen_random_uuid(), $1, rank, name, sort_key, age_min, age_max, gender, interests, platforms, size, share,
         engagement_rate, country, industry, vector, details, computed_at
       from personas where brand_id = $2 and jsonb_array_length(details -> 'influencers') > 0
         and jsonb_array_length(details -> 'keywords') > 0 order by rank limit 1`,
      [own, catalogue?.focusBrandId],
    );
    await db.query(
      `insert into influencer_scores (brand_id, influencer_id, platform, score, fit, persona_id)
       select $1, influencer_id, platform, score, fit, null from influencer_scores where brand_id = $2`,
      [own, catalogue?.focusBrandId],
    );
    await db.query(
      `insert into figures (brand_id, module, period_key, payload, data_as_of, computed_at)
       select $1, module, period_key, payload, data_as_of, computed_at from figures
       where brand_id = $2 and module = 'dashboard' and period_key = 'all'
       on conflict (brand_id, module, period_key) do update
         set payload = excluded.payload, data_as_of = excluded.data_as_of, computed_at = excluded.computed_at`,
      [own, catalogue?.focusBrandId],
    );
    const before = await read<Schemas["PersonaList"]>(emptyUser, "listPersonas");
    const persona = before.body.results[0]?.id ?? "";
    const stale = await read<Schemas["PersonaDetails"]>(emptyUser, "getPersona", { params: { id: persona } });
    expect(sampleNamedIn(stale.text).length).toBeGreaterThan(0);
    expect(sampleKeywordsOf(stale.body.keywords.map((k) => k.keyword)).length).toBeGreaterThan(0);
    const storedScores = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from influencer_scores where brand_id = $1",
          [own],
        )
      ).rows[0]?.n;
    expect(await storedScores()).toBeGreaterThan(0);
    // An own brand's list reads its own creators (own_creators, issue 28 §2), never influencer_scores: the stale
    // sample scores are not shown even before the migration removes them.
    expect((await read<Schemas["InfluencerList"]>(emptyUser, "listInfluencers")).body.total).toBe(0);

    const drizzle = join(import.meta.dirname, "../../../drizzle");
    const file = readdirSync(drizzle).find((name) => name.endsWith("_own_brands_without_sample.sql")) ?? "";
    for (const statement of readFileSync(join(drizzle, file), "utf8").split("--> statement-breakpoint")) {
      await db.query(statement);
    }

    const details = await read<Schemas["PersonaDetails"]>(emptyUser, "getPersona", {
      params: { id: persona },
    });
    expect(sampleNamedIn(details.text)).toEqual([]);
    expect(details.body).toMatchObject({ influencers: [], keywords: [] });
    expect(await storedScores()).toBe(0);
    expect((await read<Schemas["InfluencerList"]>(emptyUser, "listInfluencers")).body).toMatchObject({
      results: [],
      total: 0,
    });
    const dashboard = (await read<Schemas["Dashboard"]>(emptyUser, "getDashboard")).body;
    expect(dashboard.headlines.find((h) => h.module === "influencer")?.figure.value).toBeNull();
    expect(dashboard.headlines.find((h) => h.module === "intent")?.figure.value).toBeNull();
    // The sample brand's own rows are untouched.
    expect((await read<Schemas["InfluencerList"]>(sampleUser, "listInfluencers")).body.total).toBeGreaterThan(
      0,
    );
  });
});
