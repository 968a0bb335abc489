import type { components } from "@brandscope/api-client/schema";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { recordedJobs } from "../../../test/recorded-jobs";
import { SAMPLE_NOW } from "../../../test/sample-template";
import {
  executedNodes,
  explainAnalyze,
  explainable,
  formatPlan,
  type PlanNode,
  type RecordedStatement,
  recordStatements,
  tablesRead,
} from "../../../test/statement-plans";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { notifiedTables } from "../../db/notified-tables";
import { readModelOf } from "../../db/read-model/read-model";
import { classifyIntent } from "../../domain/search-intent/classify-intent";
import { createWorkerDeps } from "../../jobs/worker-deps";
import type { JobQueue } from "../../kernel/job-queue";
import { databaseStorage } from "../../kernel/storage";
import { findSampleCatalogue } from "../brand/brand.repo";
import { loadSampleData } from "../sample/load";
import { FIGURES_METHOD_VERSION } from "./brand-figures";
import { computeBrandJob } from "./compute-brand.job";
import { profileInfluencersJob } from "./influencer-profiles.job";

type Schemas = components["schemas"];

/**
 * docs/analytics-methods.md §7: every list and search read of the API stays on its indexes and reads a bounded
 * number of pages. Each case makes one request as a Professional user of the sample brand, records every statement
 * the request runs, runs each one again under EXPLAIN (ANALYZE, BUFFERS) with its values and checks:
 *
 * - Buffers: the plan PostgreSQL picks (fresh statistics) touches at most MAX_SHARED_BUFFERS shared buffers.
 * - Scans: that plan reads no growing table of more than SMALL_TABLE_PAGES pages from end to end.
 * - Indexes: planned with `enable_seqscan = off`, no growing table is scanned at all. The sample holds 6 brands,
 *   so per-brand tables stay a few pages long (personas ≈ 5, figures ≈ 4 even at full scale) and the planner
 *   rightly reads them whole; at production size only an index keeps such a read to its brand. With sequential
 *   scans priced out, a scan that remains means no index serves the statement's conditions on that table.
 *
 * Each statement is planned as the app's pool plans it: once for any values (src/db/client.ts). A failure names the
 * statement, its values and the plan.
 */
const MAX_SHARED_BUFFERS = 2_000;
/** 256 kB: a table this small is read whole faster than through an index. */
const SMALL_TABLE_PAGES = 32;

/** The tables that grow with brands, posts and keywords (src/db/brand-data.schema.ts). */
const GROWING_TABLES = [
  "posts",
  "follower_snapshots",
  "traffic_months",
  "keywords",
  "audience_segments",
  "influencers",
  "influencer_snapshots",
  "influencer_scores",
  "personas",
  "figures",
];

/**
 * The data: by default the test template's sample (a tenth of the full set: ~21,600 posts, 2,100 influencers,
 * 600 keywords). QUERY_PLANS_SAMPLE_SCALE=1 loads the full sample first, as a first start does (about a minute).
 */
const SAMPLE_SCALE = process.env.QUERY_PLANS_SAMPLE_SCALE;

let t: TestApp;
let explainClient: pg.Client;
let recorder: ReturnType<typeof recordStatements>;
let authorization: string;
/** Pages of each growing table, as ANALYZE counted them. */
let tablePages = new Map<string, number>();
/** Values of the sample the requests ask for, read before the checks. */
const sample = {
  personaId: "",
  personaWord: "",
  personaCountry: "",
  influencerId: "",
  influencerLastPage: 1,
  keywordTerm: "",
};

const noJobs: JobQueue = {
  enqueue: () => Promise.reject(new Error("No job queue while loading the sample")),
  work: () => Promise.reject(new Error("No job queue while loading the sample")),
  stop: () => Promise.resolve(),
};

/** Loads the sample again at `scale` and computes its figures, as a first start and its jobs do. */
async function reloadSample(scale: number): Promise<void> {
  const pool = t.database.pool;
  await pool.query("delete from sample_loads");
  await loadSampleData(pool, {
    scale,
    now: SAMPLE_NOW,
    intentOf: (keyword, brandNames) => classifyIntent(keyword, brandNames, null, null, null).primary,
  });
  const deps = createWorkerDeps({
    db: t.database.db,
    config: t.config,
    log: pino({ level: "silent" }),
    clock: { now: () => SAMPLE_NOW },
    storage: databaseStorage(t.database.db),
    jobs: noJobs,
  });
  await profileInfluencersJob(deps);
  const catalogue = await findSampleCatalogue(t.database.db);
  if (!catalogue) throw new Error("The sample did not load");
  for (const brandId of [catalogue.focusBrandId, ...catalogue.competitorIds]) {
    await computeBrandJob(deps, { brandId });
  }
}

/** The figures a read queues for a recompute, which it never computes itself. */
const recorded = recordedJobs();

const get = (url: string) => t.app.inject({ method: "GET", url: `/api${url}`, headers: { authorization } });

beforeAll(
  async () => {
    t = await buildTestApp({ deps: { jobs: recorded.jobs } });
    recorder = recordStatements(t.database.pool);
    explainClient = new pg.Client({ connectionString: t.database.pool.options.connectionString });
    await explainClient.connect();
    if (SAMPLE_SCALE) await reloadSample(Number(SAMPLE_SCALE));

    const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    await t.database.pool.query("update subscriptions set plan = 'professional' where workspace_id = $1", [
      user.workspaceId,
    ]);
    authorization = user.authorization;
    const connected = await t.app.inject({
      method: "POST",
      url: "/api/brand",
      headers: { authorization },
      payload: { sample: true },
    });
    expect(connected.statusCode).toBe(201);
    // Statistics as a running database has them (autovacuum would have analysed the loaded tables).
    await t.database.pool.query("analyze");
    const sizes = await t.database.pool.query<{ relname: string; relpages: number }>(
      "select relname, relpages from pg_class where relkind = 'r' and relname = any($1::text[])",
      [GROWING_TABLES],
    );
    tablePages = new Map(sizes.rows.map((r) => [r.relname, r.relpages]));

    const personas = (await get("/audience?limit=100")).json<Schemas["PersonaList"]>().results;
    const persona = personas.find((p) => p.country) ?? personas[0];
    sample.personaId = persona?.id ?? "";
    sample.personaWord = persona?.name.split(" ")[0] ?? "";
    sample.personaCountry = persona?.country ?? "US";
    const influencers = (await get("/influencer?limit=100&page=2")).json<Schemas["InfluencerList"]>();
    sample.influencerId = influencers.results[0]?.id ?? "";
    sample.influencerLastPage = Math.ceil(influencers.total / 20);
    const keywords = (await get("/intent")).json<Schemas["KeywordList"]>().keywordData;
    sample.keywordTerm = keywords[0]?.keyword.split(" ")[0] ?? "";
    const uuid = expect.stringMatching(/^[\da-f-]{36}$/);
    expect(sample).toMatchObject({
      personaId: uuid,
      influencerId: uuid,
      keywordTerm: expect.stringMatching(/.../),
    });
    expect(sample.influencerLastPage).toBeGreaterThan(5);
    return async () => {
      await explainClient.end();
      await t.close();
    };
  },
  SAMPLE_SCALE ? 300_000 : undefined,
);
afterAll(() => undefined);

interface Read {
  title: string;
  url: () => string;
}

const reads: Read[] = [
  { title: "lists personas", url: () => "/audience" },
  { title: "searches personas", url: () => `/audience?search=${encodeURIComponent(sample.personaWord)}` },
  { title: "filters personas by country", url: () => `/audience?country=${sample.personaCountry}` },
  { title: "opens a persona", url: () => `/audience/${sample.personaId}` },
  { title: "lists influencers", url: () => "/influencer" },
  { title: "filters influencers by platform", url: () => "/influencer?platform=instagram" },
  { title: "pages on through influencers", url: () => "/influencer?page=5" },
  { title: "opens the last page of influencers", url: () => `/influencer?page=${sample.influencerLastPage}` },
  { title: "opens an influencer", url: () => `/influencer/${sample.influencerId}` },
  { title: "lists keywords", url: () => "/intent" },
  {
    title: "searches keywords",
    url: () => `/intent/keyword?keyword=${encodeURIComponent(sample.keywordTerm)}`,
  },
  { title: "reads the content figures", url: () => "/content" },
  { title: "reads the competitor figures", url: () => "/competitor" },
  { title: "reads the dashboard", url: () => "/dashboard" },
];

/** The growing tables the plan reads from end to end; `larger` leaves out those of at most that many pages. */
function scannedTables(plan: PlanNode, larger = -1): string[] {
  const tables = executedNodes(plan)
    .filter((node) => node["Node Type"] === "Seq Scan")
    .map((node) => node["Relation Name"] ?? "")
    .filter((table) => GROWING_TABLES.includes(table) && (tablePages.get(table) ?? 0) > larger);
  return [...new Set(tables)];
}

/** What is wrong with one statement's plans, each problem with the plan that shows it; empty when fine. */
async function problemsOf(statement: RecordedStatement): Promise<string[]> {
  const problems: string[] = [];
  const report = (problem: string, plan: PlanNode) =>
    problems.push(
      `${statement.name ?? "unnamed statement"} ${problem}\n${formatPlan(plan)}\n-- SQL:\n${
        statement.text
      }\n-- values: ${JSON.stringify(statement.values)}`,
    );
  const chosen = await explainAnalyze(explainClient, statement);
  if (chosen.sharedBuffers > MAX_SHARED_BUFFERS) {
    report(`touches ${chosen.sharedBuffers} shared buffers (at most ${MAX_SHARED_BUFFERS})`, chosen.plan);
  }
  const large = scannedTables(chosen.plan, SMALL_TABLE_PAGES);
  if (large.length > 0) {
    const pages = large.map((table) => `${table}: ${tablePages.get(table)} pages`).join(", ");
    report(`reads ${pages} from end to end`, chosen.plan);
  }
  const indexed = await explainAnalyze(explainClient, statement, { indexesOnly: true });
  const unindexed = scannedTables(indexed.plan);
  if (unindexed.length > 0) {
    report(`has no index to read ${unindexed.join(", ")} (enable_seqscan = off)`, indexed.plan);
  }
  return problems;
}

/**
 * The statements a read runs against the database: none are kept in memory (db/read-model/read-model.ts)
 * beforehand.
 */
function statementsOf(url: string, status = 200): Promise<RecordedStatement[]> {
  readModelOf(t.database.pool).changed(undefined);
  return recorder.during(async () => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(status);
  });
}

async function checkRead(read: Read): Promise<void> {
  const url = read.url();
  const statements = await statementsOf(url);
  const checked = statements.filter(explainable);
  expect(checked.length, `GET /api${url} ran no statement`).toBeGreaterThan(0);
  const problems: string[] = [];
  // One after another: each runs in a transaction of its own on the one explain connection.
  for (const statement of checked) problems.push(...(await problemsOf(statement)));
  expect(problems.length, `GET /api${url}\n\n${problems.join("\n\n")}\n`).toBe(0);
}

describe("query plans of the API's list and search reads (docs/analytics-methods.md §7)", () => {
  for (const read of reads) {
    it(`${read.title}: indexed, and few buffers a statement`, () => checkRead(read));
  }
});

describe("reads kept in memory (db/read-model/read-model.ts)", () => {
  it("read only the tables they name, each of whose changes is notified, so none is kept past a change", async () => {
    const triggers = await t.database.pool.query<{ relname: string }>(
      `select distinct c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid
       join pg_proc p on p.oid = g.tgfoid where p.proname in ('notify_data_change', 'notify_rows_changed', 'notify_user_access_changed')`,
    );
    expect(triggers.rows.map((r) => r.relname).sort()).toEqual([...notifiedTables].sort());
    const cache = readModelOf(t.database.pool);
    const unnotified: string[] = [];
    const checked = new Set<string>();
    for (const read of reads) {
      const statements = await statementsOf(read.url());
      const kept = new Set(cache.keptStatements());
      for (const statement of statements.filter((s) => s.name !== undefined && kept.has(s.name))) {
        const name = statement.name ?? "";
        checked.add(name);
        const { plan } = await explainAnalyze(explainClient, statement);
        const named: readonly string[] = cache.tablesOf(name) ?? [];
        for (const table of tablesRead(plan).filter((table) => !named.includes(table))) {
          unnotified.push(`${name} reads ${table} but names only ${named.join(", ") || "none"}`);
        }
      }
    }
    expect([...new Set(unnotified)]).toEqual([]);
    // Every module read but the figure payloads' is kept: the context of content, competitor and dashboard,
    // persona, influencer and keyword pages and details.
    expect([...checked].sort()).toEqual(
      expect.arrayContaining([
        "module-brands",
        "persona-page-name",
        "persona-details",
        "influencer-context",
        "influencer-details",
        "intent-keywords",
        "search-keywords",
      ]),
    );
  });
});

describe("a read whose stored figures are missing or out of date", () => {
  it("reads each stored figure row once, then answers 202 and queues its recompute, computing nothing", async () => {
    // The sample brand's 90-day figures, as if an older version of the methods had stored them.
    await t.database.pool.query(
      `update figures set payload = jsonb_set(payload, '{methodVersion}', '"period-figures-v1"'::jsonb)
       where module = 'content' and period_key = '90d'
         and brand_id = (select brand_id from workspace_brands order by created_at desc limit 1)`,
    );
    await t.settle();
    recorded.queued.length = 0;
    const statements = await statementsOf("/content?period=90d", 202);
    // module-brands reads which version of the row is current, never its payload.
    const payloadReads = statements.filter(
      (s) =>
        s.name !== "module-brands" &&
        /^\s*select/i.test(s.text) &&
        /\bfrom\s+"?figures"?/i.test(s.text) &&
        s.values.includes("90d"),
    );
    expect(payloadReads.map((s) => s.name ?? s.text.slice(0, 80))).toEqual(["stored-figures"]);
    const stored = await t.database.pool.query<{ version: string }>(
      `select payload->>'methodVersion' as version from figures
       where module = 'content' and period_key = '90d'
         and brand_id = (select brand_id from workspace_brands order by created_at desc limit 1)`,
    );
    // Left as it was for the job, which the read queued (issue 33 §2: never computed in a request).
    expect(stored.rows[0]?.version).toBe("period-figures-v1");
    expect(recorded.recomputed()).toHaveLength(1);
    expect(FIGURES_METHOD_VERSION).not.toBe("period-figures-v1");
  });
});
