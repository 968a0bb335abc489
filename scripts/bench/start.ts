import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  connectDatabase,
  type Db,
  type EmbeddedDatabase,
  findFreePort,
  findSampleCatalogue,
  startEmbeddedPostgres,
} from "@brandscope/api/bench-support";
import pino, { type Logger } from "pino";
import { cleanups } from "./cleanups";
import { type ServerProcess, spawnServer } from "./server";

/** From spawn until the sample brands' figures are computed. */
const READY_TIMEOUT_MS = 5 * 60_000;
/** How long the server may take to shut down before it is killed. */
const STOP_GRACE_MS = 15_000;

export const say = (text: string) => process.stdout.write(`${text}\n`);

/** A command-line flag's value as a positive integer, checked before anything starts. */
export function positiveInteger(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, not "${value}"`);
  return n;
}

export interface BenchServer {
  baseUrl: string;
  jwtSecret: string;
  db: Db;
  server: ServerProcess;
  /** From spawn until the sample figures were computed. */
  readyMs: number;
}

/**
 * PostgreSQL of its own in a new temporary folder (`<tempDir>/database`), stopped and removed by cleanUp().
 */
export async function startOwnPostgres(
  prefix: string,
  log: Logger,
): Promise<{ tempDir: string; database: EmbeddedDatabase }> {
  const tempDir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push({
    name: "remove the temporary folder",
    run: () => rm(tempDir, { recursive: true, force: true }),
  });
  // As root, PostgreSQL runs as the "postgres" user, who must be able to enter the folder (mkdtemp makes it 700).
  await chmod(tempDir, 0o711);
  say(`Starting PostgreSQL in ${tempDir}`);
  const database = await startEmbeddedPostgres({ dataDir: join(tempDir, "database"), log });
  cleanups.push({ name: "stop PostgreSQL", run: database.stop });
  return { tempDir, database };
}

/**
 * What both benchmarks start from: PostgreSQL of its own in a temporary folder, the real server on it (which loads
 * the sample and computes its figures), and a pool for seeding users. Everything is undone by cleanUp().
 */
export async function startBenchServer(o: { cpuProfileDir: string | undefined }): Promise<BenchServer> {
  const log = pino({ level: "warn" }, pino.destination(2));
  const { tempDir, database } = await startOwnPostgres("brandscope-bench-", log);

  const port = await findFreePort();
  const jwtSecret = randomBytes(36).toString("base64url");
  say(`Starting the server on port ${port} (it loads the sample data and computes its figures)`);
  const server = spawnServer({
    env: {
      PORT: String(port),
      DATA_DIR: join(tempDir, "app"),
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      NODE_ENV: "development",
      LOG_LEVEL: "info",
    },
    logFile: join(tempDir, "server.log"),
    nodeArgs: o.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${resolve(o.cpuProfileDir)}`] : [],
  });
  cleanups.push({ name: "stop the server", run: () => server.stop(STOP_GRACE_MS) });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  await server.listening(READY_TIMEOUT_MS);

  const { pool, db } = connectDatabase(database.url, log);
  cleanups.push({ name: "close the database pool", run: () => pool.end() });
  const catalogue = await findSampleCatalogue(db);
  if (!catalogue) throw new Error("The server is listening but the sample data set is not loaded");
  await server.figuresComputed(1 + catalogue.competitorIds.length, deadline - Date.now());
  const readyMs = performance.now() - server.startedAt;
  say(`Ready after ${(readyMs / 1000).toFixed(1)} s`);
  // The sample data was just bulk-loaded: settle it as a running database would be (planner statistics, visibility
  // map), so autovacuum does not run during the measurements and plans are made from real statistics.
  await pool.query("vacuum analyze");
  return { baseUrl: `http://127.0.0.1:${port}`, jwtSecret, db, server, readyMs };
}
