import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { isDatabaseUnavailable } from "../db/unavailable";

/** The background work the API asks for; each kind runs in its own pg-boss queue. */
export const jobKinds = [
  "collect-brand",
  "compute-brand",
  "profile-influencers",
  "billing-housekeeping",
] as const;
export type JobKind = (typeof jobKinds)[number];

export interface JobData {
  brandId?: string;
}

export interface JobContext {
  /** 0 on the first try. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler = (data: JobData, context: JobContext) => Promise<void>;

export interface JobQueue {
  /** Queues a job; one per brand and kind waits at a time, so bursts of changes collapse into one run. */
  enqueue(kind: JobKind, data: JobData): Promise<void>;
  /** Starts working the queues in this process. */
  work(handlers: Record<JobKind, JobHandler>): Promise<void>;
  stop(): Promise<void>;
}

const RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;

const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000];

/**
 * pg-boss 10 does not wait for its record of a job's end (11 does, and needs Node 22): had that statement failed
 * while the database restarted, the rejection would have ended the process. So its statements wait for the
 * database to be back and are sent again, until the queue stops. Repeating them is safe: a job's end is recorded
 * once; a claim of jobs that went through before its connection broke leaves them to expire and run again.
 */
async function untilDatabaseIsBack<T>(query: () => Promise<T>, stopping: () => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await query();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || stopping()) throw error;
      await sleep(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]);
    }
  }
}

/**
 * pg-boss on the app's own pool: jobs are rows in PostgreSQL, so they survive a restart, and SKIP LOCKED lets
 * several app instances share one database without running a job twice. Version 10 because later majors need
 * Node 22 and this project is pinned to Node 20.
 */
export interface JobQueueOptions {
  /** A running job not finished by then (its worker died) is failed and retried. */
  expireInSeconds?: number;
  /** How often expired jobs are looked for. */
  maintenanceIntervalSeconds?: number;
}

export async function startJobQueue(
  pool: pg.Pool,
  log: Logger,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  // A job whose worker died is retried once it expires. The longest job (a brand's figures, a website fetch) takes
  // well under a minute; the expiry must stay far above it, as pg-boss would otherwise start a live job again.
  const { expireInSeconds = 5 * 60, maintenanceIntervalSeconds = 60 } = options;
  let stopping = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        untilDatabaseIsBack(
          () => pool.query(text, values),
          () => stopping,
        ),
    },
    schema: "pgboss",
    // Maintenance and cron run in whichever instance gets there first; both are safe to run concurrently.
    maintenanceIntervalSeconds,
  });
  boss.on("error", (error) => log.error({ err: error }, "Job queue error"));
  await boss.start();
  for (const kind of jobKinds) {
    // "stately": at most one queued and one running job per singleton key (the brand).
    await boss.createQueue(kind, { name: kind, policy: "stately", expireInSeconds, ...RETRY });
  }
  // Ended trials and (sandbox) renewals: every 5 minutes, by whichever instance's cron fires first.
  await boss.schedule("billing-housekeeping", "*/5 * * * *");
  return {
    async enqueue(kind, data) {
      await boss.send(kind, data, { singletonKey: data.brandId ?? kind, expireInSeconds, ...RETRY });
    },
    async work(handlers) {
      for (const kind of jobKinds) {
        const handler = handlers[kind];
        await boss.work<JobData>(kind, { includeMetadata: true, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) {
            const started = performance.now();
            log.info({ job: kind, jobId: job.id, data: job.data, retry: job.retryCount }, "Job started");
            try {
              await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
              log.info({ job: kind, jobId: job.id, ms: Math.round(performance.now() - started) }, "Job done");
            } catch (error) {
              log.warn(
                { job: kind, jobId: job.id, err: error },
                "Job failed; pg-boss retries it with back-off",
              );
              throw error;
            }
          }
        });
      }
    },
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, timeout: 10_000, close: false });
    },
  };
}
