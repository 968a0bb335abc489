import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import pino from "pino";
import { afterAll, expect, it } from "vitest";
import { apiPackageDir } from "../../src/config/env";
import { connectDatabase, type Database } from "../../src/db/client";
import { createWorkerDeps } from "../../src/jobs/worker-deps";
import { jobHandlers } from "../../src/jobs/workers";
import { type JobQueue, startJobQueue } from "../../src/kernel/job-queue";
import { databaseStorage } from "../../src/kernel/storage";
import { NAMED_PERIODS } from "../../src/modules/analytics/brand-figures";
import { testConfig } from "../config";
import { createTestDatabase, type TestDatabase } from "../database";
import { SAMPLE_NOW } from "../sample-template";
import { CRASH_QUEUE_OPTIONS } from "./job-worker-child";

/*
 * Timeline in pg-boss 10.3.3 (its plans.js and boss.js), with the options of CRASH_QUEUE_OPTIONS:
 * - the child fetches the job (state 'active', started_on = now()) and hangs; the parent SIGKILLs it;
 * - maintenance ('supervise', every maintenanceIntervalSeconds, in whichever instance claims
 *   pgboss.version.maintained_on first: here the parent's) runs failJobsByTimeout: an active job whose
 *   started_on + expire_in has passed is re-inserted as 'retry' with
 *   start_after = now() + retryDelay * 2^(retry_count+1) / 2 * (1 + random()) = 5–10 s (retryBackoff);
 * - the parent's worker (polling every second) fetches it again, which bumps retry_count to 1, and completes it.
 * So the retry needs ~3 s expiry + ≤2 s maintenance + 5–10 s back-off + the compute: ~12–20 s.
 */

const log = pino({ level: "silent" });
const JOB_STARTED_TIMEOUT_MS = 30_000;
const RECOVERY_TIMEOUT_MS = 60_000;

let testDb: TestDatabase | undefined;
let pool: pg.Pool | undefined;
let database: Database | undefined;
let queue: JobQueue | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  killGroup(child);
  try {
    await queue?.stop();
    await database?.pool.end();
    await pool?.end();
  } finally {
    // Drops with (force), so it also ends whatever connection a failure above left open.
    await testDb?.drop();
  }
});

function killGroup(worker: ChildProcess | undefined): void {
  try {
    if (worker?.pid && worker.exitCode === null && worker.signalCode === null)
      process.kill(-worker.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Runs the hanging worker (job-worker-child.ts) in its own process group, with only the environment given here. */
function startHangingWorker(databaseUrl: string): {
  child: ChildProcess;
  output(): string;
  exited: Promise<void>;
} {
  const worker = spawn(process.execPath, ["--import", "tsx", "test/process/job-worker-child.ts"], {
    cwd: apiPackageDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/", DATABASE_URL: databaseUrl },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  worker.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  worker.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => worker.on("exit", () => resolve()));
  return { child: worker, output: () => text, exited };
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
}

const jobsOf = async (db: pg.Pool, brandId: string) =>
  (
    await db.query<JobRow>(
      `select id, state::text, retry_count from pgboss.job where name = 'compute-brand' and singleton_key = $1
       union all
       select id, state::text, retry_count from pgboss.archive where name = 'compute-brand' and singleton_key = $1`,
      [brandId],
    )
  ).rows;

const figuresOf = async (db: pg.Pool, brandId: string) =>
  (
    await db.query<{ module: string; period_key: string; payload: unknown }>(
      "select module, period_key, payload from figures where brand_id = $1 order by module, period_key",
      [brandId],
    )
  ).rows;

it("loses nothing when a worker is killed mid-job: another worker retries it once and completes it", {
  timeout: 90_000,
}, async () => {
  testDb = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDb.url, max: 4 });
  const brandId = (await pool.query<{ id: string }>("select counts->>'focusBrandId' as id from sample_loads"))
    .rows[0]?.id;
  if (!brandId) throw new Error("The template has no sample brand");
  const before = await figuresOf(pool, brandId);
  expect(before.filter((row) => row.module === "content")).toHaveLength(NAMED_PERIODS.length);
  await pool.query("delete from figures where brand_id = $1", [brandId]);

  // The parent's queue creates pg-boss's schema and queues, and queues the job, but does not work it yet.
  queue = await startJobQueue(pool, log, CRASH_QUEUE_OPTIONS);
  await queue.enqueue("compute-brand", { brandId });

  const worker = startHangingWorker(testDb.url);
  child = worker.child;
  await waitFor("the child to start the job", JOB_STARTED_TIMEOUT_MS, async () => {
    if (worker.child.exitCode !== null) throw new Error(`The worker exited early:\n${worker.output()}`);
    return worker.output().includes(`JOB_STARTED compute-brand ${brandId}`) ? true : undefined;
  });
  // Mid-job: active in PostgreSQL, on its first try, and nothing written yet.
  expect(await jobsOf(pool, brandId)).toMatchObject([{ state: "active", retry_count: 0 }]);
  if (worker.child.pid) process.kill(-worker.child.pid, "SIGKILL");
  await worker.exited;
  expect(worker.child.signalCode).toBe("SIGKILL");
  expect(await figuresOf(pool, brandId)).toEqual([]);

  // A new worker on the same database, with the real handlers.
  const started = Date.now();
  database = connectDatabase(testDb.url, log);
  const config = testConfig();
  await queue.work(
    jobHandlers(
      createWorkerDeps({
        db: database.db,
        config,
        log,
        clock: { now: () => SAMPLE_NOW },
        storage: databaseStorage(database.db),
        jobs: queue,
      }),
    ),
  );
  const done = await waitFor("the retried job to finish", RECOVERY_TIMEOUT_MS, async () => {
    const jobs = await jobsOf(pool as pg.Pool, brandId);
    return jobs.some((job) => job.state === "completed" || job.state === "failed") ? jobs : undefined;
  });
  const recoveredMs = Date.now() - started;

  // One job, retried after the crash and completed: never run twice, never dropped.
  expect(done).toMatchObject([{ state: "completed" }]);
  expect(done[0]?.retry_count).toBeGreaterThanOrEqual(1);
  const after = await figuresOf(pool, brandId);
  const contentKeys = after.filter((row) => row.module === "content").map((row) => row.period_key);
  expect(contentKeys).toHaveLength(NAMED_PERIODS.length);
  expect(contentKeys).toContain("30d");
  // The same figures as the template's, computed as of the same instant: nothing half-written.
  expect(after).toEqual(before);
  expect(recoveredMs).toBeLessThan(RECOVERY_TIMEOUT_MS);
});
