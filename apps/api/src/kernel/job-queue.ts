import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { withAdvisoryLock } from "../db/advisory-lock";
import type { PaymentProviderId } from "../db/billing.schema";
import { type Tx, transactionClientOf } from "../db/client";
import { isDatabaseUnavailable } from "../db/unavailable";
import { raiseWaitingJobPriority } from "./job-priority.repo";

/**
 * A read of one brand's connection to a provider (each brand has its own). `brandId` is missing only from a job
 * queued before brands had their own connections: it reads the workspace's newest brand, as it did then.
 */
export interface ConnectionJob {
  workspaceId: string;
  brandId?: string;
}
const connectionJobKey = (data: ConnectionJob) => data.brandId ?? data.workspaceId;

/** The background work the API asks for, with what each kind of job carries; each kind has its own pg-boss queue. */
export interface JobPayloads {
  /** `daily`: the daily re-read of a brand collected before (modules/brand/collect.job.ts). */
  "collect-brand": { brandId: string; daily?: boolean };
  /** A collection that used up its retries (or whose worker died on the last one): pg-boss's dead letter. */
  "collect-brand-failed": { brandId: string };
  "compute-brand": { brandId: string };
  /**
   * A custom range's figures a request could not compute within its bound, for the workspace's brand and, with
   * `competitors`, the companies it is compared with (modules/analytics/module-context.ts).
   */
  "compute-range": { workspaceId: string; brandId: string; from: string; to: string; competitors: boolean };
  "profile-influencers": Record<string, never>;
  "billing-housekeeping": Record<string, never>;
  /** A paid subscription to end at its provider, retried while the provider is down. */
  "cancel-subscription": { provider: PaymentProviderId; subscriptionId: string };
  /** A cancellation that used up its retries: pg-boss's dead letter, for an operator. */
  "cancel-subscription-failed": { provider: PaymentProviderId; subscriptionId: string };
  /** The daily refresh's hourly run: queues the connections due (modules/connectors/refresh-sources.job.ts). */
  "refresh-sources": Record<string, never>;
  /** Reads a brand's YouTube channels: its own and its competitors' (modules/connectors/youtube-sync.job.ts). */
  "sync-youtube": ConnectionJob;
  /** Reads a brand's Google Search Console property (modules/connectors/search-console-sync.job.ts). */
  "sync-search-console": ConnectionJob;
  /** Reads the Instagram accounts of a brand and its competitors (modules/connectors/instagram-sync.job.ts). */
  "sync-instagram": ConnectionJob;
  "sync-google-ads": ConnectionJob;
  /** Delivers what the mail outbox still holds (modules/mail/outbox.ts). */
  "mail-outbox": Record<string, never>;
  /** Discards the pending imports nobody imported in time, with their files (modules/brand/imports-housekeeping.job.ts). */
  "discard-expired-imports": Record<string, never>;
  /** The weekly digest's hourly run: sends the digests whose member's local day and hour it is (modules/digest/send-digests.job.ts). */
  "send-digests": Record<string, never>;
  /** Alerts out of the app, every minute: `instant` e-mails and the team's chats (modules/alerts/deliver-alerts.job.ts). */
  "deliver-alerts": Record<string, never>;
  /** The hourly bundle of alert e-mails (modules/alerts/deliver-alerts.job.ts). */
  "send-hourly-alert-emails": Record<string, never>;
  /** Deletes the one-use states used or expired a while ago (kernel/one-use-state.ts), every ten minutes. */
  "sweep-one-use-states": Record<string, never>;
}
export type JobKind = keyof JobPayloads;

export interface JobContext {
  /** 0 on the first try. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<K extends JobKind> = (data: JobPayloads[K], context: JobContext) => Promise<void>;
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

/**
 * How soon a job should run among the waiting jobs of its kind (pg-boss works a queue highest priority first):
 * - `change` (the default): something a member did or waits for: an import, a connector's read, a new
 *   competitor, a Refresh, a read that found no figures at all;
 * - `stale`: a read found figures older than the brand's data and answered them meanwhile;
 * - `daily`: the new day's recompute of every brand (modules/analytics/refresh.ts `queueNewDayRecomputes`).
 * The daily refresh and stale reads queue recomputes by the thousand; a change does not wait behind them
 * (issue 33's freshness: an import's figures waited 176 s behind them at 2,000 workspaces, docs/scale.md).
 */
export type JobUrgency = "change" | "stale" | "daily";
const PRIORITY: Record<JobUrgency, number> = { change: 2, stale: 1, daily: 0 };

export interface JobQueue {
  /**
   * Queues a job. Brand jobs wait one per brand and kind, so bursts of changes collapse into one run: a more urgent
   * request for a brand whose job already waits raises that job's priority instead. Given a transaction, the job
   * is queued in it: it exists exactly when the transaction's other writes do.
   */
  enqueue<K extends JobKind>(
    kind: K,
    data: JobPayloads[K],
    o?: { tx?: Tx; urgency?: JobUrgency },
  ): Promise<void>;
  /** Starts working the queues in this process. */
  work(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
}

interface QueueSettings {
  /** pg-boss's "stately": at most one queued and one running job per singleton key; "standard": no such limit. */
  policy: "stately" | "standard";
  singletonKey?: (data: never) => string;
  retryLimit: number;
  /** Seconds before the first retry, doubled for each next one (with jitter). */
  retryDelay: number;
  deadLetter?: JobKind;
  /** Whether the job's data may be logged (ids only). */
  logData: boolean;
}

const brandJob = (deadLetter?: JobKind): QueueSettings => ({
  policy: "stately",
  singletonKey: (data: { brandId: string }) => data.brandId,
  retryLimit: 3,
  retryDelay: 5,
  ...(deadLetter ? { deadLetter } : {}),
  logData: true,
});
const scheduled: QueueSettings = { policy: "stately", retryLimit: 3, retryDelay: 5, logData: false };

/** Every kind's queue; a dead letter comes before the queue that names it (pg-boss checks that it exists). */
const settings: Record<JobKind, QueueSettings> = {
  "collect-brand-failed": { policy: "standard", retryLimit: 5, retryDelay: 5, logData: true },
  "collect-brand": brandJob("collect-brand-failed"),
  "compute-brand": brandJob(),
  // One run per brand and range at a time; a request that finds it still missing queues nothing new.
  "compute-range": {
    policy: "stately",
    singletonKey: (data: JobPayloads["compute-range"]) =>
      `${data.brandId}:${data.from}:${data.to}:${data.competitors}`,
    retryLimit: 3,
    retryDelay: 5,
    logData: true,
  },
  "profile-influencers": scheduled,
  "billing-housekeeping": scheduled,
  "cancel-subscription-failed": { policy: "standard", retryLimit: 5, retryDelay: 5, logData: true },
  // A provider outage can last hours: ten retries from 30 s, doubling, span about 17 hours.
  "cancel-subscription": {
    policy: "stately",
    singletonKey: (data: { subscriptionId: string }) => data.subscriptionId,
    retryLimit: 10,
    retryDelay: 30,
    deadLetter: "cancel-subscription-failed",
    logData: true,
  },
  "mail-outbox": scheduled,
  "discard-expired-imports": scheduled,
  "send-digests": scheduled,
  "deliver-alerts": scheduled,
  "send-hourly-alert-emails": scheduled,
  "refresh-sources": scheduled,
  "sweep-one-use-states": scheduled,
  // One run per brand at a time; a YouTube outage is tried again from 30 s, doubling, three times.
  "sync-youtube": {
    policy: "stately",
    singletonKey: connectionJobKey,
    retryLimit: 3,
    retryDelay: 30,
    logData: true,
  },
  // The same for Search Console: one run per brand, a Google outage tried again from 30 s, doubling, three times.
  "sync-search-console": {
    policy: "stately",
    singletonKey: connectionJobKey,
    retryLimit: 3,
    retryDelay: 30,
    logData: true,
  },
  // The same for Instagram: one run per brand, a Meta outage tried again from 30 s, doubling, three times.
  "sync-instagram": {
    policy: "stately",
    singletonKey: connectionJobKey,
    retryLimit: 3,
    retryDelay: 30,
    logData: true,
  },
  // The same for Google Ads keyword planning: one run per brand, an outage tried again from 30 s, doubling, three times.
  "sync-google-ads": {
    policy: "stately",
    singletonKey: connectionJobKey,
    retryLimit: 3,
    retryDelay: 30,
    logData: true,
  },
};

export const jobKinds = Object.keys(settings) as JobKind[];

/** The minute of each hour the connectors' daily refresh runs at (modules/connectors/refresh-schedule.ts). */
export const REFRESH_SOURCES_MINUTE = 17;

/** The minute of each hour the weekly digests whose hour has come are sent (modules/digest/schedule.ts). */
export const DIGEST_MINUTE = 5;

const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000];
/** How long stopping waits for running jobs before the pool is closed under them (server.ts's grace period). */
const STOP_GRACE_MS = 10_000;
const QUEUE_SETUP_LOCK_KEY = 4_212_660_918;

/**
 * pg-boss 10 does not wait for its record of a job's end (11 does): had that statement failed
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

/** node-postgres's words for a statement sent to a pool that was closed. */
const POOL_CLOSED = /Cannot use a pool after calling end on the pool/;

/**
 * A statement pg-boss sends once the queue is stopping and the pool is closed: a job that outlived the grace period
 * ends after the pool did, and pg-boss 10 records its end without awaiting it, so a rejection here would end the
 * process with exit code 1 on SIGTERM (seen on a loaded machine: a figures job past the 10 s). Nothing can be
 * recorded any more; the job's claim expires and it runs again. The answer has no rows, which pg-boss 10's manager
 * reads as no job affected (mapCommandResponse) or none fetched (fetch), where an empty list would be read as a row.
 */
function afterClose(error: unknown, stopping: boolean, log: Logger): pg.QueryResult {
  if (!stopping || !(error instanceof Error) || !POOL_CLOSED.test(error.message)) throw error;
  log.warn({ err: error }, "A job ended after the queue stopped: its end is not recorded, it will run again");
  return { rows: undefined } as unknown as pg.QueryResult;
}

/**
 * The queue's own statements and handlers still running. pg-boss 10's graceful stop misses two of them: a job whose
 * fetch was under way when stop began starts after stop has looked for running jobs, and a job's completion or
 * failure is recorded without being awaited. Either then met a closed pool (server.ts closes it next), and the failed
 * record of the failure was an unhandled rejection that ended the process with exit code 1 on SIGTERM.
 */
class PendingWork {
  readonly #running = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.#running.add(work);
    const forget = () => this.#running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Until nothing runs, or the deadline. A macrotask between rounds lets a fetched job's handler start first. */
  async settled(deadline: number): Promise<void> {
    while (this.#running.size > 0 && Date.now() < deadline) {
      await Promise.race([
        Promise.allSettled([...this.#running]),
        sleep(Math.max(deadline - Date.now(), 0), undefined, { ref: false }),
      ]);
      await sleep(10);
    }
  }
}

export interface JobQueueOptions {
  /** A running job not finished by then (its worker died) is failed and retried. */
  expireInSeconds?: number;
  /** How often expired jobs are looked for. */
  maintenanceIntervalSeconds?: number;
  /** Replaces every queue's first retry delay (tests that wait for retries to run out). */
  retryDelaySeconds?: number;
  /**
   * The weekly digest's run every minute rather than at DIGEST_MINUTE of each hour: with the test-only
   * TEST_CLOCK_START, so a browser test waits a minute, not up to an hour (the run is idempotent; only load grows).
   */
  digestEveryMinute?: boolean;
  /**
   * false: a web instance's queue (PROCESS_KIND=web), which queues jobs and runs none: no schedules, no cron and no
   * maintenance here either, so that scheduled jobs start exactly where jobs run; `work` refuses.
   */
  runsJobs?: boolean;
}

/**
 * pg-boss on the app's own pool: jobs are rows in PostgreSQL, so they survive a restart, and SKIP LOCKED lets
 * several app instances share one database without running a job twice. Version 10, chosen while the project ran
 * on Node 20 (later majors need Node 22); it now runs on Node 24, so a later major is open to a change of its own.
 */
export async function startJobQueue(
  pool: pg.Pool,
  log: Logger,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  // A job whose worker died is retried once it expires. The longest job (a brand's figures, a website fetch) takes
  // well under a minute; the expiry must stay far above it, as pg-boss would otherwise start a live job again.
  const {
    expireInSeconds = 5 * 60,
    maintenanceIntervalSeconds = 60,
    retryDelaySeconds,
    digestEveryMinute = false,
    runsJobs = true,
  } = options;
  let stopping = false;
  const pending = new PendingWork();
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        pending.track(
          untilDatabaseIsBack(
            () => pool.query(text, values),
            () => stopping,
          ).catch((error: unknown) => afterClose(error, stopping, log)),
        ),
    },
    schema: "pgboss",
    // Maintenance and cron run in whichever instance that runs jobs gets there first; both are safe to run
    // concurrently. Off, pg-boss neither expires, archives nor retries jobs (supervise) nor turns schedules into
    // jobs (schedule, whose cron also works an internal queue) in this process.
    maintenanceIntervalSeconds,
    supervise: runsJobs,
    schedule: runsJobs,
  });
  boss.on("error", (error) => log.error({ err: error }, "Job queue error"));
  const retryOf = (kind: JobKind) => ({
    retryLimit: settings[kind].retryLimit,
    retryDelay: retryDelaySeconds ?? settings[kind].retryDelay,
    retryBackoff: true,
  });
  // Instances starting together on one database set the queues up one after the other: two of pg-boss's
  // create_queue at once deadlock on the foreign keys they add (seen in load-balancer.test.ts).
  await withAdvisoryLock(pool, QUEUE_SETUP_LOCK_KEY, async () => {
    await boss.start();
    for (const kind of jobKinds) {
      const { policy, deadLetter } = settings[kind];
      await boss.createQueue(kind, {
        name: kind,
        policy,
        expireInSeconds,
        ...retryOf(kind),
        ...(deadLetter ? { deadLetter } : {}),
      });
    }
    // The schedules are rows every instance shares: set by those that run them, so a web instance's settings
    // (TEST_CLOCK_START's every-minute digest run) never change a worker's.
    if (!runsJobs) return;
    // Ended trials and (sandbox) renewals every 5 minutes, undelivered mail every minute, the connectors' daily
    // refresh hourly (each workspace at its own hour), expired pending imports and the weekly digests hourly: by
    // whichever instance's cron fires first.
    await boss.schedule("billing-housekeeping", "*/5 * * * *");
    await boss.schedule("mail-outbox", "* * * * *");
    await boss.schedule("refresh-sources", `${REFRESH_SOURCES_MINUTE} * * * *`);
    await boss.schedule("discard-expired-imports", "41 * * * *");
    await boss.schedule("send-digests", digestEveryMinute ? "* * * * *" : `${DIGEST_MINUTE} * * * *`);
    // Alerts: e-mails at once and the team's chats every minute, the hourly e-mail bundle on the hour.
    await boss.schedule("deliver-alerts", "* * * * *");
    await boss.schedule("send-hourly-alert-emails", "0 * * * *");
    await boss.schedule("sweep-one-use-states", "*/10 * * * *");
  });
  // A request that queues a job fails at once while the database is away, rather than waiting for it.
  const direct = { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
  return {
    async enqueue(kind, data, o = {}) {
      const { singletonKey, deadLetter } = settings[kind];
      const key = singletonKey?.(data as never);
      const priority = PRIORITY[o.urgency ?? "change"];
      const db = o.tx ? transactionClientOf(o.tx) : direct;
      const id = await boss.send(kind, data, {
        ...(key ? { singletonKey: key } : {}),
        ...(deadLetter ? { deadLetter } : {}),
        priority,
        expireInSeconds,
        ...retryOf(kind),
        db,
      });
      // Refused by the one waiting for this key: that job now runs as soon as this request needs it to.
      if (id === null && key) await raiseWaitingJobPriority(db, { kind, singletonKey: key, priority });
    },
    async work(handlers) {
      if (!runsJobs) throw new Error("This process queues jobs and runs none (PROCESS_KIND=web)");
      for (const kind of jobKinds) {
        const handler = handlers[kind] as JobHandler<JobKind>;
        const { logData } = settings[kind];
        await boss.work<JobPayloads[JobKind]>(
          kind,
          { includeMetadata: true, pollingIntervalSeconds: 1 },
          async (jobs) => {
            for (const job of jobs) {
              const started = performance.now();
              const fields = { job: kind, jobId: job.id, retry: job.retryCount };
              log.info(logData ? { ...fields, data: job.data } : fields, "Job started");
              try {
                await pending.track(
                  handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit }),
                );
                log.info({ ...fields, ms: Math.round(performance.now() - started) }, "Job done");
              } catch (error) {
                log.warn({ ...fields, err: error }, "Job failed; pg-boss retries it with back-off");
                throw error;
              }
            }
          },
        );
      }
    },
    async stop() {
      stopping = true;
      const deadline = Date.now() + STOP_GRACE_MS;
      await boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: false });
      await pending.settled(deadline);
    },
  };
}
