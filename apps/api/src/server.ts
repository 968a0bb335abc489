import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config/env";
import { connectDatabase, REPLICA_POOL, stampChangesWithClock } from "./db/client";
import { warnOfOlderKeys, withAppSecrets } from "./db/credential-keys";
import { startEmbeddedPostgres } from "./db/embedded";
import { migrateDatabase } from "./db/migrate";
import { listenForChanges } from "./db/read-model/change-listener";
import { ReplicaReads } from "./db/read-model/replica-reads";
import { buildApp } from "./http/app";
import { assertWebAppBuilt } from "./http/web-app";
import { createWorkerDeps } from "./jobs/worker-deps";
import { serveWorkerHealth, WORKER_HEALTH_PATH } from "./jobs/worker-health";
import { jobHandlers } from "./jobs/workers";
import { importLocalUploads } from "./kernel/import-uploads";
import { startJobQueue } from "./kernel/job-queue";
import { createStorage } from "./kernel/storage";
import { clockStartingAt, systemClock } from "./lib/clock";
import { isErrno } from "./lib/errno";
import { versionsNearSunset } from "./modules/connectors/vendor-versions";
import { ensureSampleData } from "./modules/sample/start";

/** How long in-flight requests may take to finish once a shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Something started, with how to stop it. */
export interface Running {
  name: string;
  stop: () => Promise<void>;
}

/**
 * Starts PostgreSQL (embedded unless DATABASE_URL), the job queue and the HTTP server, adding each to `running`
 * as it starts so that main.ts can stop what did start. Loaded by main.ts after monitoring, which patches
 * node-postgres as it is imported. PROCESS_KIND says which part runs here (docs/operations.md "Topology"): `all`
 * both, `web` the HTTP server with a queue it only adds to, `worker` the jobs, their schedules and the sample data
 * load, with a health check on PORT instead of the app.
 */
export async function startServer(config: Config, log: Logger, running: Running[]): Promise<void> {
  const servesHttp = config.processKind !== "worker";
  const runsJobs = config.processKind !== "web";
  // Found in a moment rather than after the database has started.
  if (servesHttp && config.nodeEnv === "production") assertWebAppBuilt(config.webDistDir);
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
    running.push({ name: "embedded PostgreSQL", stop: embedded.stop });
    databaseUrl = embedded.url;
  }
  const { pool, db, close } = connectDatabase(databaseUrl, log);
  running.push({ name: "database pool", stop: close });
  await migrateDatabase(pool);
  // The time, unless a test set its own start (TEST_CLOCK_START, refused in production: docs/operations.md).
  const clock = config.testClockStart ? clockStartingAt(config.testClockStart) : systemClock;
  if (config.testClockStart) {
    stampChangesWithClock(pool, clock);
    log.warn(
      { event: "clock.test", now: clock.now().toISOString() },
      "TEST_CLOCK_START is set: the server's clock is not the time (tests only)",
    );
  }
  const appConfig = await withAppSecrets(config, db, log, clock.now());
  await warnOfOlderKeys(db, appConfig.credentialKeys, log);
  // Module reads are kept in memory only while this hears the database's changes (the read model).
  const changes = await listenForChanges({ pool, connectionString: databaseUrl, log });
  running.push({ name: "change listener", stop: changes.stop });
  const jobs = await startJobQueue(pool, log, {
    digestEveryMinute: config.testClockStart !== undefined,
    runsJobs,
  });
  running.push({ name: "job queue", stop: jobs.stop });
  const storage = createStorage(appConfig, db);
  if (storage.read) await importLocalUploads(config.dataDir, storage, log);
  if (runsJobs) {
    const workerDeps = createWorkerDeps({ db, config: appConfig, log, clock, storage, jobs });
    // Profiling the sample's influencers is a job's work too: done where jobs run.
    if (config.sampleData) await ensureSampleData(pool, workerDeps);
    await jobs.work(jobHandlers(workerDeps));
  }
  const portInUse = (error: unknown) =>
    isErrno(error, "EADDRINUSE")
      ? new Error(`Port ${config.port} is in use: stop what uses it or choose another PORT`)
      : error;
  if (servesHttp) {
    // Only the module reads of web requests use a replica: jobs, and so workers, read and write on the primary.
    let replica: ReplicaReads | undefined;
    if (config.databaseReplicaUrl) {
      const replicaDatabase = connectDatabase(config.databaseReplicaUrl, log, REPLICA_POOL);
      running.push({ name: "read replica pool", stop: replicaDatabase.close });
      replica = new ReplicaReads({ primary: pool, replica: replicaDatabase.pool, log });
    }
    const app = await buildApp({
      config: appConfig,
      db,
      log,
      settle: changes.settle,
      replica,
      deps: { jobs, clock },
    });
    running.push({ name: "HTTP server", stop: () => closeHttp(app, log) });
    await app.listen({ port: config.port, host: "0.0.0.0" }).catch((error: unknown) => {
      throw portInUse(error);
    });
  } else {
    const health = await serveWorkerHealth({ port: config.port, db, log }).catch((error: unknown) => {
      throw portInUse(error);
    });
    running.push({ name: "health check", stop: health.stop });
  }
  for (const v of versionsNearSunset(clock.now())) {
    log.warn(
      { vendor: v.vendor, version: v.version, sunset: v.sunset, source: v.source },
      v.daysLeft > 0
        ? `${v.vendor} ${v.version} is sunset in ${v.daysLeft} days (${v.sunset}): update Brandscope before then`
        : `${v.vendor} ${v.version} was sunset on ${v.sunset}: update Brandscope, the platform refuses or changes its answers until then`,
    );
  }
  // The runtime is the `node` package the root package.json pins, not the machine's Node: say which one runs.
  process.stdout.write(
    servesHttp
      ? `Brandscope is running at ${config.appUrl}${runsJobs ? "" : ", its jobs queued for the workers"} (Node ${process.version})\n`
      : `Brandscope worker is running the jobs, health at http://localhost:${config.port}${WORKER_HEALTH_PATH} (Node ${process.version})\n`,
  );
}

/** Stops accepting connections and lets in-flight requests finish, cutting them off after the grace period. */
async function closeHttp(app: FastifyInstance, logger: Logger): Promise<void> {
  const cutOff = setTimeout(() => {
    logger.warn(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
    app.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
}
