/**
 * A worker that dies mid-job, run by job-crash.test.ts as its own process: it works the real queues of
 * DATABASE_URL, but every handler says on stdout that it started and then never finishes, so the parent can
 * SIGKILL it while the job is active in PostgreSQL.
 */
import pg from "pg";
import pino from "pino";
import { type JobHandlers, type JobKind, jobKinds, startJobQueue } from "../../src/kernel/job-queue";

/** Short on purpose: the parent waits for the dead worker's job to expire and be retried. */
export const CRASH_QUEUE_OPTIONS = { expireInSeconds: 3, maintenanceIntervalSeconds: 1 } as const;

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  pool.on("error", () => undefined);
  const jobs = await startJobQueue(pool, pino({ level: "silent" }), CRASH_QUEUE_OPTIONS);
  const hangs = (kind: JobKind) => async (data: object) => {
    process.stdout.write(`JOB_STARTED ${kind} ${"brandId" in data ? data.brandId : ""}\n`);
    await new Promise<never>(() => undefined);
  };
  const handlers = Object.fromEntries(jobKinds.map((kind) => [kind, hangs(kind)])) as unknown as JobHandlers;
  await jobs.work(handlers);
  process.stdout.write("WORKER_READY\n");
}

// Only when run as the child: the test imports CRASH_QUEUE_OPTIONS from here too.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
