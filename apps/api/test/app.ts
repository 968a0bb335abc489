import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pino, { type Logger } from "pino";
import type { AppConfig } from "../src/config/env";
import { jwtKey } from "../src/config/keys";
import { connectDatabase, type Database, stampChangesWithClock } from "../src/db/client";
import { listenForChanges } from "../src/db/read-model/change-listener";
import { type AppOptions, buildApp } from "../src/http/app";
import { createWorkerDeps } from "../src/jobs/worker-deps";
import { jobHandlers } from "../src/jobs/workers";
import { type JobQueueOptions, startJobQueue } from "../src/kernel/job-queue";
import { createStorage } from "../src/kernel/storage";
import { TestClock } from "./clock";
import { TEST_JWT_SECRET, testConfig } from "./config";
import { createTestDatabase } from "./database";
import { seedSignedInUser } from "./users";

export { TEST_JWT_SECRET, testConfig } from "./config";

/**
 * Tests write with SQL and read through the app at once: each request first waits until the database's change
 * notifications of those writes have been heard (db/read-model/change-listener.ts), as a client across a network is
 * always later than they are. The app's own write requests need no wait (they settle before answering). Returns
 * the inject that does not wait.
 */
function settleBeforeEachRequest(
  app: FastifyInstance,
  settle: () => Promise<void>,
): (options: InjectOptions) => Promise<LightMyRequestResponse> {
  const inject = app.inject.bind(app);
  // Only the promise form (inject(options)) is used by the tests.
  app.inject = ((options: InjectOptions | string) =>
    settle().then(() => inject(options))) as FastifyInstance["inject"];
  return (options) => inject(options);
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The app's clock: it stands still until a test advances it. */
  clock: TestClock;
  /** A request sent without waiting for the database's notifications first: what a fast client sees. */
  injectAtOnce(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Resolves once the app has heard every change committed so far (kept reads forgotten): see settleBeforeEachRequest. */
  settle(): Promise<void>;
  /** A valid bearer header: of a new confirmed account with a live session, seeded in the database. */
  authorization(): Promise<string>;
  /** Closes the app and its pool and drops its database: return it from the file's beforeAll. */
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own (or on `databaseUrl`), for `app.inject()`. Options replace
 * parts: a contract fixture, other handlers, environment variables.
 */
export async function buildTestApp(
  options: Partial<Pick<AppOptions, "contract" | "handlers" | "deps">> & {
    env?: NodeJS.ProcessEnv;
    databaseUrl?: string;
    /** The app's logger (silent by default): a test that reads the log passes its own. */
    log?: Logger;
    /**
     * Start the real job queue (pg-boss on the test database) and its workers, as main.ts does; options shorten
     * its delays for tests that wait for retries.
     */
    jobs?: boolean | JobQueueOptions;
    /** With jobs: false queues them without running any (jobs stay rows in the database). */
    jobWorkers?: boolean;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const clock = new TestClock();
  const own = options.databaseUrl ? undefined : await createTestDatabase();
  const url = options.databaseUrl ?? own?.url ?? "";
  const database = connectDatabase(url, pino({ level: "silent" }));
  stampChangesWithClock(database.pool, options.deps?.clock ?? clock);
  const log = options.log ?? pino({ level: "silent" });
  const changes = await listenForChanges({ pool: database.pool, connectionString: url, log });
  const jobs = options.jobs
    ? await startJobQueue(database.pool, log, options.jobs === true ? {} : options.jobs)
    : undefined;
  const release = async () => {
    await jobs?.stop();
    await changes.stop();
    await database.pool.end();
    await own?.drop();
  };
  if (jobs && options.jobWorkers !== false) {
    const { mailer, payments, keys } = options.deps ?? {};
    const storage = options.deps?.storage ?? createStorage(config, database.db);
    await jobs.work(
      jobHandlers(
        createWorkerDeps({ db: database.db, config, log, clock, jobs, mailer, payments, storage, keys }),
      ),
    );
  }
  const app = await buildApp({
    config,
    db: database.db,
    log,
    settle: changes.settle,
    contract: options.contract,
    handlers: options.handlers,
    deps: { clock, ...(jobs ? { jobs } : {}), ...options.deps },
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const injectAtOnce = settleBeforeEachRequest(app, changes.settle);
  return {
    app,
    database,
    config,
    clock,
    injectAtOnce,
    settle: changes.settle,
    authorization: async () =>
      (await seedSignedInUser(database.db, jwtKey(TEST_JWT_SECRET), { now: clock.now() })).authorization,
    close: async () => {
      await app.close();
      await release();
    },
  };
}

/** Waits until the background jobs queued so far (collections, figures) have run: an app built with `jobs`. */
export async function jobsDone(t: TestApp): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const { rows } = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Background jobs still running after 30 s");
}
