import type pg from "pg";
import PgBoss from "pg-boss";
import type { Logger } from "pino";

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

/**
 * pg-boss on the app's own pool: jobs are rows in PostgreSQL, so they survive a restart, and SKIP LOCKED lets
 * several app instances share one database without running a job twice. Version 10, chosen while the project ran
 * on Node 20 (later majors need Node 22); it now runs on Node 24, so a later major is open to a change of its own.
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
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
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
    stop: () => boss.stop({ graceful: true, timeout: 10_000, close: false }),
  };
}
