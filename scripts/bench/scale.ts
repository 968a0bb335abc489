/**
 * `npm run bench:scale`: issue 33 (section 1), the scale benchmark (docs/scale.md). In a PostgreSQL of its own (a
 * temporary folder, removed at the end) it builds N workspaces (scale-data.ts) on the schema the app's own migrations
 * make, then runs the real app in this process (the Fastify app, its change listener, its job queue and workers, as
 * apps/api/src/server.ts assembles them) and measures: the Enterprise first read, recompute throughput, cold and hot
 * module reads, cold reads after a change, freshness after an import, storage per brand-year and the module reads'
 * plans.
 *
 * Flags: --workspaces N (2000); --recompute R (6): workspaces sampled besides the Enterprise one, whose brands and
 * competitors the compute job recomputes and whose reads are measured; --rounds (30): cold reads of each of them;
 * --changed C (7): of them, read again after a change; --freshness F (10): other workspaces' imports timed;
 * --hot H (20): repeats of each read; --seed; --json <file> writes the figures.
 */
import { writeFile } from "node:fs/promises";
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  addMs,
  alertsAfterRecompute,
  buildApp,
  computeBrandJob,
  connectDatabase,
  createWorkerDeps,
  executedNodes,
  explainAnalyze,
  explainable,
  formatPlan,
  insertSession,
  jobHandlers,
  jwtKey,
  largeFacebookExport,
  listenForChanges,
  migrateDatabase,
  multipart,
  type RecomputeStep,
  type RecordedStatement,
  recordStatements,
  SESSION_LIFETIME_MS,
  signIdToken,
  startJobQueue,
  systemClock,
  TEST_JWT_SECRET,
  testConfig,
} from "@brandscope/api/bench-support";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import pino from "pino";
import { cleanups, runAndCleanUp } from "./cleanups";
import { buildScaleData, DATA_TABLES } from "./scale-data";
import {
  type Latencies,
  latencies,
  ownCpuSeconds,
  postgresCpuSeconds,
  type TableSize,
  tableSizes,
} from "./scale-measure";
import { positiveInteger, say, startOwnPostgres } from "./start";

/** The module reads a member makes first on each screen. */
export const MODULE_READS = [
  { module: "content", path: "/api/content" },
  { module: "competitor", path: "/api/competitor" },
  { module: "audience", path: "/api/audience?limit=20&page=1" },
  { module: "influencer", path: "/api/influencer?limit=20" },
  { module: "intent", path: "/api/intent" },
] as const;
type ModuleName = (typeof MODULE_READS)[number]["module"];

/** Issue 33's goals. */
export const GOALS = {
  coldP99Ms: 300,
  freshnessP95Ms: { 2000: 60_000, 10000: 300_000 },
  hotWithin: 0.2,
  /** 10,000 brands refreshed in 6 hours on this 2-core machine. */
  dailyRefresh: { brands: 10_000, hours: 6 },
  enterpriseFirstReadMs: 2_000,
};

const FRESH_TIMEOUT_MS = 5 * 60_000;

/** The parts of a compute-brand job: the recompute's, then the alert rules judged on its figures. */
type JobStep = RecomputeStep | "alerts";

/** Resolves once no compute job waits or runs in the queue (pg-boss's table), within FRESH_TIMEOUT_MS. */
async function queueDrained(admin: pg.PoolClient): Promise<void> {
  const started = performance.now();
  for (;;) {
    const live = await admin.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job
       where name in ('compute-brand', 'compute-range') and state in ('created', 'retry', 'active')`,
    );
    if ((live.rows[0]?.n ?? 0) === 0) return;
    if (performance.now() - started > FRESH_TIMEOUT_MS)
      throw new Error("The queued recomputes did not end in 5 min");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Member {
  workspaceId: string;
  brandId: string;
  competitorIds: string[];
  authorization: string;
}

interface ReadSample {
  ms: number;
  status: number;
  /** Figures rows the read stored: figures computed inside the GET. */
  computed: number;
}

export interface ScaleReport {
  date: string;
  machine: {
    cores: number;
    cpu: string;
    memoryGb: number;
    freeMemoryGb: number;
    loadAverage: number[];
    node: string;
    postgres: string;
  };
  sizes: {
    workspaces: number;
    poolCompanies: number;
    companies: number;
    competitorLinks: number;
    rows: Record<string, number>;
    buildMs: number;
    buildSteps: Record<string, number>;
    databaseBytes: number;
  };
  enterpriseFirstRead: {
    competitors: number;
    /** Nothing computed yet for it or its competitors: the GET computes them. */
    beforeAnyRecomputeMs: number;
    computedInGet: number;
    /** After the job recomputed the brand and its ten competitors: the first read of stored figures. */
    afterRecomputeMs: number;
    computedInGetAfterRecompute: number;
    goalMs: number;
  };
  recompute: {
    brands: number;
    wallMs: number;
    perBrandMs: Latencies;
    /** The five slowest, with the number of workspaces following the company and its posts. */
    slowest: {
      brandId: string;
      ms: number;
      followedBy: number;
      posts: number;
      steps: Partial<Record<JobStep, number>>;
    }[];
    /** Milliseconds of each part of the job (compute-brand.job.ts, then the alerts), summed over every company. */
    stepTotalsMs: Partial<Record<JobStep, number>>;
    nodeCpuSeconds: number;
    postgresCpuSeconds: number;
    brandsPerMinutePerCore: number;
    /** A daily recompute of all companies (own brands and the pool) on this machine's cores, hours. */
    dailyRefreshHours: number;
    /** The same at 10,000 workspaces (10,000 own brands and a pool of as many companies). */
    dailyRefreshHoursAt10k: number;
    goal: string;
  };
  coldReads: Record<
    ModuleName,
    { all: Latencies; storedFigures: Latencies; computedInGet: Latencies; readsThatComputed: number }
  >;
  hotReads: Record<ModuleName, Latencies>;
  coldAfterChange: Record<ModuleName, Latencies & { readsThatComputed: number }>;
  freshness: {
    imports: number;
    untilFreshMs: Latencies;
    /** The first read once fresh figures were stored. */
    firstReadMs: Latencies;
    firstReadComputed: number;
    goalMs: number | null;
    /**
     * Each import: its time until fresh, and the recomputes the queue held when it was uploaded, by priority
     * (kernel/job-queue.ts JobUrgency: 2 a change, 1 a stale read, 0 the new day) and running.
     */
    each: { ms: number; waitingByPriority: Record<string, number>; running: number }[];
  };
  storage: {
    tables: TableSize[];
    totalBytes: number;
    bytesPerCompanyYear: number;
    bytesPerWorkspace: number;
  };
  plans: {
    module: ModuleName;
    statement: string;
    executionMs: number;
    sharedBuffers: number;
    seqScans: string[];
    plan: string;
  }[];
  seqScanFound: boolean;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const lat = (l: Latencies) => `p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, max ${l.max} ms (n=${l.n})`;

async function members(
  client: import("pg").PoolClient,
  workspaceIds: string[],
  now: Date,
  db: ReturnType<typeof connectDatabase>["db"],
): Promise<Member[]> {
  const r = await client.query<{
    workspace_id: string;
    user_id: string;
    brand_id: string;
    competitor_ids: string[];
  }>(
    `select u.workspace_id, u.id as user_id, wb.brand_id,
       array(select competitor_id from brand_competitors c where c.brand_id = wb.brand_id order by created_at)
         as competitor_ids
     from users u join workspace_brands wb on wb.workspace_id = u.workspace_id
     where u.role = 'owner' and u.workspace_id = any($1)`,
    [workspaceIds],
  );
  const byWorkspace = new Map(r.rows.map((row) => [row.workspace_id, row]));
  const key = jwtKey(TEST_JWT_SECRET);
  const found: Member[] = [];
  for (const workspaceId of workspaceIds) {
    const row = byWorkspace.get(workspaceId);
    if (!row) throw new Error(`Workspace ${workspaceId} has no owner or brand`);
    const session = await insertSession(db, {
      userId: row.user_id,
      now,
      expiresAt: addMs(now, SESSION_LIFETIME_MS),
    });
    found.push({
      workspaceId,
      brandId: row.brand_id,
      competitorIds: row.competitor_ids,
      authorization: `Bearer ${await signIdToken({ userId: row.user_id, workspaceId, sessionId: session.id }, key)}`,
    });
  }
  return found;
}

export interface ScaleOptions {
  workspaces: number;
  recompute: number;
  rounds: number;
  changed: number;
  freshness: number;
  hot: number;
  seed: number;
}

/** Builds, measures and returns the report; everything it started is undone by the cleanups. */
export async function runScaleBench(o: ScaleOptions): Promise<ScaleReport> {
  const log = pino({ level: "error" }, pino.destination(2));
  const { tempDir, database } = await startOwnPostgres("brandscope-scale-", log);
  const pgdata = join(tempDir, "database", "postgres");
  const { pool, db } = connectDatabase(database.url, log);
  cleanups.push({ name: "close the database pool", run: () => pool.end() });
  await migrateDatabase(pool);
  const admin = await pool.connect();
  cleanups.push({ name: "release the benchmark's connection", run: async () => admin.release() });

  const now = systemClock.now();
  say(`Building ${o.workspaces.toLocaleString("en-US")} workspaces`);
  const built = await buildScaleData(db, admin, { workspaces: o.workspaces, seed: o.seed, now, say });
  say(`Built in ${(built.ms / 1000).toFixed(1)} s: ${JSON.stringify(built.rows)}`);

  // The app, assembled as apps/api/src/server.ts does for PROCESS_KIND=all: change listener, job queue with its workers, HTTP.
  const config = testConfig({ SAMPLE_DATA: "off" });
  const changes = await listenForChanges({ pool, connectionString: database.url, log });
  cleanups.push({ name: "stop the change listener", run: changes.stop });
  const jobs = await startJobQueue(pool, log, { runsJobs: true });
  cleanups.push({ name: "stop the job queue", run: jobs.stop });
  const workerDeps = createWorkerDeps({ db, config, log, clock: systemClock, jobs });
  await jobs.work(jobHandlers(workerDeps));
  const app: FastifyInstance = await buildApp({
    config,
    db,
    log,
    settle: changes.settle,
    deps: { jobs, clock: systemClock },
  });
  cleanups.push({ name: "close the app", run: () => app.close() });
  await app.ready();

  const figuresSince = async (brandIds: string[], since: Date) => {
    const r = await admin.query<{ n: string }>(
      "select count(*) as n from figures where brand_id = any($1) and computed_at >= $2",
      [brandIds, since],
    );
    return Number(r.rows[0]?.n ?? 0);
  };
  const read = async (member: Member, path: string): Promise<ReadSample> => {
    const since = new Date();
    const at = performance.now();
    const response = await app.inject({
      method: "GET",
      url: path,
      headers: { authorization: member.authorization },
    });
    const ms = performance.now() - at;
    // 202: no figures stored yet, their job queued (docs/decisions.md: figures are never computed in a request).
    if (response.statusCode !== 200 && response.statusCode !== 202) {
      throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    const computed = await figuresSince([member.brandId, ...member.competitorIds], since);
    return { ms, status: response.statusCode, computed };
  };

  // The sample: the Enterprise workspace, then workspaces spread evenly over the rest.
  const all = await admin.query<{ id: string }>(
    "select workspace_id as id from workspace_brands order by created_at, workspace_id",
  );
  const others = all.rows.map((r) => r.id).filter((id) => id !== built.enterpriseWorkspaceId);
  const sampleSize = Math.min(o.recompute, others.length);
  const sampled = Array.from(
    { length: sampleSize },
    (_, i) => others[Math.floor((i * others.length) / sampleSize)],
  );
  const people = await members(admin, [built.enterpriseWorkspaceId, ...(sampled as string[])], now, db);
  const [enterprise, ...readers] = people;
  if (!enterprise) throw new Error("No Enterprise workspace was built");

  // 1. The Enterprise first read, before anything of it is computed.
  say("Enterprise workspace: first GET /api/competitor (ten competitors, nothing computed yet)");
  const firstEnterprise = await read(enterprise, "/api/competitor");
  say(
    `  ${firstEnterprise.ms.toFixed(0)} ms, answered ${firstEnterprise.status}, ${firstEnterprise.computed} figures rows computed in the GET`,
  );

  // The jobs that first read queued run in this process's workers: they end before the measured recomputes, which
  // would otherwise run beside them (two recomputes of one company at once, which the queue never runs, and their
  // CPU counted as the measured ones').
  const drainStarted = performance.now();
  await queueDrained(admin);
  say(`  the recomputes that read queued ran in ${((performance.now() - drainStarted) / 1000).toFixed(1)} s`);

  // 2. Recompute throughput: the real compute job, one company at a time (the sampled workspaces' brands and every
  // company they follow), its CPU and PostgreSQL's counted.
  const toRecompute = [...new Set(people.flatMap((m) => [m.brandId, ...m.competitorIds]))];
  say(`Recomputing ${toRecompute.length} companies with the compute-brand job, one at a time`);
  const cpuBefore = { own: ownCpuSeconds(), pg: postgresCpuSeconds(pgdata) };
  const perBrand: number[] = [];
  const timed: { brandId: string; ms: number; steps: Partial<Record<JobStep, number>> }[] = [];
  const stepTotals: Partial<Record<JobStep, number>> = {};
  const recomputeStarted = performance.now();
  for (const brandId of toRecompute) {
    const at = performance.now();
    // What the job's handler runs (apps/api/src/jobs/workers.ts): the recompute, then the alert rules of every
    // workspace owning or following the company.
    const summary = await computeBrandJob(workerDeps, { brandId });
    const alertsAt = performance.now();
    await alertsAfterRecompute(workerDeps, brandId);
    const steps = { ...summary?.steps, alerts: Math.round(performance.now() - alertsAt) };
    perBrand.push(performance.now() - at);
    timed.push({ brandId, ms: Math.round(performance.now() - at), steps });
    for (const [step, ms] of Object.entries(steps) as [JobStep, number][]) {
      stepTotals[step] = (stepTotals[step] ?? 0) + ms;
    }
  }
  // The slowest recomputes, with what their cost may grow with: the workspaces following the company.
  const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 5);
  const followers = await admin.query<{ id: string; n: string; posts: string }>(
    `select b.id, (select count(*) from brand_competitors c where c.competitor_id = b.id) as n,
       (select count(*) from posts p where p.brand_id = b.id) as posts
     from brands b where b.id = any($1)`,
    [slowest.map((t) => t.brandId)],
  );
  const slowestRecomputes = slowest.map((t) => {
    const row = followers.rows.find((f) => f.id === t.brandId);
    return { ...t, followedBy: Number(row?.n ?? 0), posts: Number(row?.posts ?? 0) };
  });
  const recomputeWallMs = performance.now() - recomputeStarted;
  const nodeCpu = ownCpuSeconds() - cpuBefore.own;
  const pgCpu = postgresCpuSeconds(pgdata) - cpuBefore.pg;
  const cpuPerBrand = (nodeCpu + pgCpu) / toRecompute.length;
  const perMinutePerCore = 60 / cpuPerBrand;
  const cores = cpus().length;
  const companies = built.workspaces + built.poolCompanies;
  const refreshHours = (n: number) => n / (perMinutePerCore * cores) / 60;
  say(
    `  ${(recomputeWallMs / 1000).toFixed(1)} s wall, CPU ${nodeCpu.toFixed(1)} s Node + ${pgCpu.toFixed(1)} s ` +
      `PostgreSQL: ${perMinutePerCore.toFixed(1)} brands a minute per core`,
  );
  await changes.settle();

  // 3. The Enterprise first read after the recompute: stored figures, read from the database.
  const afterEnterprise = await read(enterprise, "/api/competitor");
  say(
    `  Enterprise first read after the recompute: ${afterEnterprise.ms.toFixed(0)} ms, ` +
      `${afterEnterprise.computed} rows computed in the GET`,
  );

  // 4. Cold reads: each module's first read after the job stored the brands' figures anew. Each round rewrites the
  // rows a recompute rewrites (figures, personas, own creators: new row versions, notified), so every read of the
  // round finds nothing kept and nothing parsed, as the first read after a recompute does. Hot reads: the same
  // read repeated, in the first round.
  say(
    `Cold reads: ${o.rounds} rounds over ${people.length} recomputed workspaces; hot reads: each read ${o.hot} times`,
  );
  const cold = new Map<ModuleName, ReadSample[]>(MODULE_READS.map((r) => [r.module, []]));
  const hot = new Map<ModuleName, number[]>(MODULE_READS.map((r) => [r.module, []]));
  for (let round = 0; round < o.rounds; round++) {
    for (const table of ["figures", "personas", "own_creators"]) {
      const column = table === "figures" ? "computed_at" : table === "personas" ? "rank" : "mentions";
      await admin.query(`update ${table} set ${column} = ${column} where brand_id = any($1)`, [toRecompute]);
    }
    await changes.settle();
    for (const member of people) {
      for (const { module, path } of MODULE_READS) {
        cold.get(module)?.push(await read(member, path));
        for (let k = 0; round === 0 && k < o.hot; k++) {
          const at = performance.now();
          await app.inject({ method: "GET", url: path, headers: { authorization: member.authorization } });
          hot.get(module)?.push(performance.now() - at);
        }
      }
    }
  }

  // 5. After a change of the brand's data (a connector's read marks it so: brand/imports.repo.ts
  // markBrandDataChanged), the first read of each module.
  const changedMembers = people.slice(0, Math.min(o.changed, people.length));
  say(`Reads after a change of the data of ${changedMembers.length} brands`);
  await admin.query("update brands set data_changed_at = now() where id = any($1)", [
    changedMembers.map((m) => m.brandId),
  ]);
  await changes.settle();
  const afterChange = new Map<ModuleName, ReadSample[]>(MODULE_READS.map((r) => [r.module, []]));
  for (const member of changedMembers) {
    for (const { module, path } of MODULE_READS) afterChange.get(module)?.push(await read(member, path));
  }

  // 6. Freshness: a real import through the API, until the job stored figures computed after it, then the read.
  // Other workspaces than the ones measured above, spread over the rest.
  const unsampled = others.filter((id) => !sampled.includes(id));
  const importers = await members(
    admin,
    Array.from(
      { length: Math.min(o.freshness, unsampled.length) },
      (_, i) =>
        unsampled[
          Math.floor(((i + 0.5) * unsampled.length) / Math.min(o.freshness, unsampled.length))
        ] as string,
    ),
    now,
    db,
  );
  say(`Freshness: ${importers.length} imports through POST /api/brand/imports, one at a time`);
  const untilFresh: number[] = [];
  const each: ScaleReport["freshness"]["each"] = [];
  const firstFresh: number[] = [];
  let firstFreshComputed = 0;
  const today = now.toISOString().slice(0, 10);
  for (const member of importers) {
    const file = largeFacebookExport(30, { lastDay: today, everyHours: 6 });
    const { payload, contentType } = multipart({ name: "facebook-posts.csv", data: file });
    const ahead = await admin.query<{ priority: number; state: string; n: number }>(
      `select priority, state, count(*)::int as n from pgboss.job
       where name = 'compute-brand' and state in ('created', 'retry', 'active') group by 1, 2`,
    );
    const waitingByPriority: Record<string, number> = {};
    for (const row of ahead.rows.filter((a) => a.state !== "active"))
      waitingByPriority[row.priority] = (waitingByPriority[row.priority] ?? 0) + row.n;
    const running = ahead.rows.filter((a) => a.state === "active").reduce((n, a) => n + a.n, 0);
    const at = performance.now();
    const upload = await app.inject({
      method: "POST",
      url: "/api/brand/imports",
      payload,
      headers: { authorization: member.authorization, "content-type": contentType },
    });
    if (upload.statusCode !== 201)
      throw new Error(`The import answered ${upload.statusCode}: ${upload.body}`);
    for (;;) {
      const r = await admin.query<{ fresh: boolean }>(
        `select f.computed_at >= b.data_changed_at as fresh from brands b
         join figures f on f.brand_id = b.id and f.module = 'content' and f.period_key = '30d' where b.id = $1`,
        [member.brandId],
      );
      if (r.rows[0]?.fresh) break;
      if (performance.now() - at > FRESH_TIMEOUT_MS)
        throw new Error("An import's figures were not computed in 5 min");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    untilFresh.push(performance.now() - at);
    each.push({ ms: Math.round(performance.now() - at), waitingByPriority, running });
    await changes.settle();
    const sample = await read(member, "/api/content");
    firstFresh.push(sample.ms);
    firstFreshComputed += sample.computed > 0 ? 1 : 0;
  }

  // 7. Plans of the module reads' statements, at this size, for a brand whose figures the job stored.
  say("Plans of the module reads' statements");
  const planned = readers[0] ?? enterprise;
  const plans: ScaleReport["plans"] = [];
  if (planned) {
    const recorder = recordStatements(pool);
    await admin.query("analyze");
    for (const { module, path } of MODULE_READS) {
      // A read that keeps nothing from before: the same statements a cold read runs.
      await admin.query("update brands set name = name where id = $1", [planned.brandId]);
      await changes.settle();
      const statements: RecordedStatement[] = await recorder.during(() =>
        app.inject({ method: "GET", url: path, headers: { authorization: planned.authorization } }),
      );
      // The job queue shares the pool: its polls are not the read's.
      for (const statement of statements.filter((s) => explainable(s) && !s.text.includes("pgboss."))) {
        const { plan, sharedBuffers, executionMs } = await explainAnalyze(admin, statement);
        // Each scanned table with its size in pages: a table of a few pages is rightly read whole.
        const scanned = [
          ...new Set(
            executedNodes(plan)
              .filter((n) => n["Node Type"] === "Seq Scan")
              .map((n) => n["Relation Name"] ?? "?"),
          ),
        ];
        const pages = await admin.query<{ name: string; pages: number }>(
          "select relname as name, relpages as pages from pg_class where relname = any($1) and relkind = 'r'",
          [scanned],
        );
        const seqScans = scanned.map(
          (name) => `${name} (${pages.rows.find((r) => r.name === name)?.pages ?? "?"} pages)`,
        );
        plans.push({
          module,
          statement: statement.name ?? statement.text.replace(/\s+/g, " ").slice(0, 120),
          executionMs: Math.round(executionMs * 100) / 100,
          sharedBuffers,
          seqScans,
          plan: formatPlan(plan),
        });
      }
    }
  }

  // 8. Storage.
  const tables = await tableSizes(admin, DATA_TABLES);
  const totalBytes = tables.reduce((sum, t) => sum + t.totalBytes, 0);
  const dbSize = await admin.query<{ bytes: string }>("select pg_database_size(current_database()) as bytes");
  const version = await admin.query<{ v: string }>("select current_setting('server_version') as v");

  const summary = (samples: ReadSample[]) => latencies(samples.map((s) => s.ms));
  const coldReads = Object.fromEntries(
    MODULE_READS.map(({ module }) => {
      const samples = cold.get(module) ?? [];
      return [
        module,
        {
          all: summary(samples),
          storedFigures: summary(samples.filter((s) => s.computed === 0)),
          computedInGet: summary(samples.filter((s) => s.computed > 0)),
          readsThatComputed: samples.filter((s) => s.computed > 0).length,
        },
      ];
    }),
  ) as ScaleReport["coldReads"];
  const freshnessGoal =
    built.workspaces <= 2000
      ? GOALS.freshnessP95Ms[2000]
      : built.workspaces <= 10000
        ? GOALS.freshnessP95Ms[10000]
        : null;
  return {
    date: new Date().toISOString(),
    machine: {
      cores,
      cpu: cpus()[0]?.model ?? "?",
      memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      freeMemoryGb: Math.round((freemem() / 1024 ** 3) * 10) / 10,
      loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
      node: process.version,
      postgres: version.rows[0]?.v ?? "?",
    },
    sizes: {
      workspaces: built.workspaces,
      poolCompanies: built.poolCompanies,
      companies,
      competitorLinks: built.rows.brand_competitors ?? 0,
      rows: built.rows,
      buildMs: built.ms,
      buildSteps: built.steps,
      databaseBytes: Number(dbSize.rows[0]?.bytes ?? 0),
    },
    enterpriseFirstRead: {
      competitors: enterprise.competitorIds.length,
      beforeAnyRecomputeMs: Math.round(firstEnterprise.ms),
      computedInGet: firstEnterprise.computed,
      afterRecomputeMs: Math.round(afterEnterprise.ms),
      computedInGetAfterRecompute: afterEnterprise.computed,
      goalMs: GOALS.enterpriseFirstReadMs,
    },
    recompute: {
      brands: toRecompute.length,
      wallMs: Math.round(recomputeWallMs),
      perBrandMs: latencies(perBrand),
      slowest: slowestRecomputes,
      stepTotalsMs: stepTotals,
      nodeCpuSeconds: Math.round(nodeCpu * 10) / 10,
      postgresCpuSeconds: Math.round(pgCpu * 10) / 10,
      brandsPerMinutePerCore: Math.round(perMinutePerCore * 10) / 10,
      dailyRefreshHours: Math.round(refreshHours(companies) * 100) / 100,
      dailyRefreshHoursAt10k: Math.round(refreshHours(20_000) * 100) / 100,
      goal: `${GOALS.dailyRefresh.brands.toLocaleString("en-US")} brands in under ${GOALS.dailyRefresh.hours} h`,
    },
    coldReads,
    hotReads: Object.fromEntries(
      MODULE_READS.map(({ module }) => [module, latencies(hot.get(module) ?? [])]),
    ) as ScaleReport["hotReads"],
    coldAfterChange: Object.fromEntries(
      MODULE_READS.map(({ module }) => {
        const samples = afterChange.get(module) ?? [];
        return [
          module,
          { ...summary(samples), readsThatComputed: samples.filter((s) => s.computed > 0).length },
        ];
      }),
    ) as ScaleReport["coldAfterChange"],
    freshness: {
      imports: importers.length,
      untilFreshMs: latencies(untilFresh),
      firstReadMs: latencies(firstFresh),
      firstReadComputed: firstFreshComputed,
      goalMs: freshnessGoal,
      each,
    },
    storage: {
      tables,
      totalBytes,
      bytesPerCompanyYear: Math.round(totalBytes / companies),
      bytesPerWorkspace: Math.round(totalBytes / built.workspaces),
    },
    plans,
    seqScanFound: plans.some((p) => p.seqScans.length > 0),
  };
}

const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

/** The report as printed: every section, with the goals beside the figures. */
export function formatReport(r: ScaleReport): string {
  const lines: string[] = [];
  const line = (text = "") => lines.push(text);
  line(`Scale benchmark, ${r.date}`);
  line(
    `Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGb} GB memory ` +
      `(${r.machine.freeMemoryGb} GB free at the end), load average ${r.machine.loadAverage.join(" ")}, ` +
      `Node ${r.machine.node}, PostgreSQL ${r.machine.postgres}`,
  );
  line();
  line("## Sizes");
  line(
    `${r.sizes.workspaces.toLocaleString("en-US")} workspaces (each its own brand), a pool of ` +
      `${r.sizes.poolCompanies.toLocaleString("en-US")} competitor companies (${r.sizes.competitorLinks.toLocaleString("en-US")} ` +
      `links), database ${mb(r.sizes.databaseBytes)}, built in ${(r.sizes.buildMs / 1000).toFixed(1)} s`,
  );
  for (const [table, rows] of Object.entries(r.sizes.rows))
    line(`  ${table}: ${rows.toLocaleString("en-US")} rows`);
  line();
  line("## Enterprise first read (GET /api/competitor, ten competitors)");
  const e = r.enterpriseFirstRead;
  line(
    `  nothing computed yet: ${e.beforeAnyRecomputeMs} ms, ${e.computedInGet} figures rows computed inside the GET: ` +
      `${verdict(e.beforeAnyRecomputeMs < e.goalMs)} (goal < ${e.goalMs} ms)`,
  );
  line(
    `  after the job recomputed the eleven companies: ${e.afterRecomputeMs} ms, ${e.computedInGetAfterRecompute} rows ` +
      `computed inside the GET: ${verdict(e.afterRecomputeMs < e.goalMs)}`,
  );
  line();
  line("## Recompute throughput (the compute-brand job, one brand at a time)");
  const c = r.recompute;
  line(`  ${c.brands} companies in ${(c.wallMs / 1000).toFixed(1)} s; per company ${lat(c.perBrandMs)}`);
  const stepsOf = (steps: Partial<Record<JobStep, number>>) =>
    Object.entries(steps)
      .filter(([, ms]) => ms > 0)
      .map(([step, ms]) => `${step} ${ms}`)
      .join(", ");
  for (const t of c.slowest) {
    line(
      `    ${t.ms} ms: a company followed by ${t.followedBy} workspaces, ${t.posts.toLocaleString("en-US")} posts ` +
        `(${stepsOf(t.steps)})`,
    );
  }
  line(`  ms by part, all companies: ${stepsOf(c.stepTotalsMs)}`);
  line(
    `  CPU: ${c.nodeCpuSeconds} s Node + ${c.postgresCpuSeconds} s PostgreSQL = ` +
      `${c.brandsPerMinutePerCore} companies a minute per core`,
  );
  line(
    `  daily recompute of all ${r.sizes.companies.toLocaleString("en-US")} companies on ${r.machine.cores} cores: ` +
      `${c.dailyRefreshHours} h of 24; at 10,000 workspaces (20,000 companies): ${c.dailyRefreshHoursAt10k} h: ` +
      `${verdict(c.dailyRefreshHoursAt10k < GOALS.dailyRefresh.hours)} (goal: ${c.goal}; connector reads not counted)`,
  );
  line();
  line(
    `## Cold reads (each module's first read of a brand, goal p99 < ${GOALS.coldP99Ms} ms, none computed in the GET)`,
  );
  for (const [module, s] of Object.entries(r.coldReads)) {
    line(
      `  ${module}: ${lat(s.all)}: ${verdict(s.all.p99 < GOALS.coldP99Ms && s.readsThatComputed === 0)}; ` +
        `${s.readsThatComputed} of ${s.all.n} computed figures inside the GET`,
    );
    if (s.readsThatComputed > 0 && s.storedFigures.n > 0) {
      line(`      of stored figures: ${lat(s.storedFigures)}; computing: ${lat(s.computedInGet)}`);
    }
  }
  line();
  line("## Cold reads after a change of the brand's data (data_changed_at moved, as a connector read does)");
  for (const [module, s] of Object.entries(r.coldAfterChange)) {
    line(
      `  ${module}: ${lat(s)}: ${verdict(s.p99 < GOALS.coldP99Ms && s.readsThatComputed === 0)}; ` +
        `${s.readsThatComputed} of ${s.n} computed figures inside the GET`,
    );
  }
  line();
  line("## Hot reads (the same read repeated, in process, one at a time)");
  for (const [module, s] of Object.entries(r.hotReads)) line(`  ${module}: ${lat(s)}`);
  line();
  line("## Freshness (an import through the API until the job stored fresh figures)");
  const f = r.freshness;
  line(
    `  ${f.imports} imports: ${lat(f.untilFreshMs)}: ` +
      (f.goalMs === null
        ? "no goal at this size"
        : `${verdict(f.untilFreshMs.p95 < f.goalMs)} (goal p95 < ${f.goalMs / 1000} s)`),
  );
  line(`  the first read once fresh: ${lat(f.firstReadMs)}; ${f.firstReadComputed} computed inside the GET`);
  for (const i of f.each) {
    const waiting = Object.entries(i.waitingByPriority)
      .map(([priority, n]) => `${n} at priority ${priority}`)
      .join(", ");
    line(`    ${i.ms} ms; the queue held ${waiting || "no recompute"} waiting and ${i.running} running`);
  }
  line();
  line("## Storage");
  line(
    `  ${mb(r.storage.totalBytes)} in the data tables: ${kb(r.storage.bytesPerCompanyYear)} per company-year ` +
      `(${r.sizes.companies.toLocaleString("en-US")} companies), ${kb(r.storage.bytesPerWorkspace)} per workspace`,
  );
  for (const t of [...r.storage.tables].sort((a, b) => b.totalBytes - a.totalBytes)) {
    line(
      `  ${t.table}: ${mb(t.totalBytes)} (heap ${mb(t.heapBytes)}, indexes ${mb(t.indexBytes)}), ` +
        `${(t.totalBytes / r.sizes.companies / 1024).toFixed(1)} KB per company-year`,
    );
    for (const i of t.indexes) line(`      ${i.name}: ${mb(i.bytes)}`);
  }
  line();
  line("## Plans of the module reads' statements (EXPLAIN ANALYZE at this size)");
  for (const p of r.plans) {
    line(
      `  ${p.module}: ${p.statement}: ${p.executionMs} ms, ${p.sharedBuffers} buffers` +
        (p.seqScans.length ? `, SEQUENTIAL SCAN of ${p.seqScans.join(", ")}` : ""),
    );
  }
  line(`  sequential scan in any plan: ${r.seqScanFound ? "YES" : "no"}`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workspaces: { type: "string", default: "2000" },
      recompute: { type: "string", default: "6" },
      rounds: { type: "string", default: "30" },
      changed: { type: "string", default: "7" },
      freshness: { type: "string", default: "10" },
      hot: { type: "string", default: "20" },
      seed: { type: "string", default: "33" },
      json: { type: "string" },
    },
  });
  const options: ScaleOptions = {
    workspaces: positiveInteger("workspaces", values.workspaces),
    rounds: positiveInteger("rounds", values.rounds),
    recompute: positiveInteger("recompute", values.recompute),
    changed: positiveInteger("changed", values.changed),
    freshness: positiveInteger("freshness", values.freshness),
    hot: positiveInteger("hot", values.hot),
    seed: positiveInteger("seed", values.seed),
  };
  const started = performance.now();
  const report = await runScaleBench(options);
  say("");
  say(formatReport(report));
  say(`\nThe benchmark took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (values.json) {
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    say(`Figures written to ${values.json}`);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await runAndCleanUp(main);
