/**
 * `npm run bench`: the benchmark of issue 5. Starts the real server on a fresh database, lets it load the sample
 * data and compute the sample brands' figures, signs in a Professional user with the sample brand, then loads
 * every module read with autocannon, one endpoint at a time. Flags: --duration <s> --connections <n>
 * --warmup <requests> (sequential, checked) --warmup-seconds <s> (at full concurrency, not measured); --rounds <n>
 * loads every endpoint n times, round after round, and reports each endpoint's median round by p99; --only <text> loads only the endpoints whose path contains the text (repeatable);
 * --out <file> writes the JSON results elsewhere than results/latest.json; --cpu-prof <dir> has the server
 * write a V8 CPU profile there when it stops. The server logs at info: its "Brand figures computed" lines tell
 * when it is ready.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { connectDatabase } from "../../apps/api/src/db/client";
import { startEmbeddedPostgres } from "../../apps/api/src/db/embedded";
import { findFreePort } from "../../apps/api/src/lib/free-port";
import { findSampleCatalogue } from "../../apps/api/src/modules/brand/brand.repo";
import { cleanUp, cleanups } from "./cleanups";
import { moduleEndpoints } from "./endpoints";
import { type EndpointResult, type LoadOptions, loadEndpoint } from "./load";
import { buildReport, printReport, writeReport } from "./report";
import { spawnServer } from "./server";
import { connectSampleBrand, seedProfessionalUser } from "./user";

/** From spawn until the sample brands' figures are computed. */
const READY_TIMEOUT_MS = 5 * 60_000;
/** How long the server may take to shut down before it is killed. */
const STOP_GRACE_MS = 15_000;
const RESULTS_FILE = join(import.meta.dirname, "results", "latest.json");

const say = (text: string) => process.stdout.write(`${text}\n`);

function positiveInteger(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, not "${value}"`);
  return n;
}

async function bench(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "8" },
      connections: { type: "string", default: "50" },
      warmup: { type: "string", default: "5" },
      "warmup-seconds": { type: "string", default: "2" },
      rounds: { type: "string", default: "1" },
      only: { type: "string", multiple: true },
      "cpu-prof": { type: "string" },
      out: { type: "string", default: RESULTS_FILE },
    },
  });
  // Checked before anything starts, not after a minute of start-up.
  const load = {
    connections: positiveInteger("connections", values.connections),
    durationSeconds: positiveInteger("duration", values.duration),
    warmupRequests: positiveInteger("warmup", values.warmup),
    warmupSeconds: positiveInteger("warmup-seconds", values["warmup-seconds"]),
  };
  const rounds = positiveInteger("rounds", values.rounds);
  const log = pino({ level: "warn" }, pino.destination(2));
  const tempDir = await mkdtemp(join(tmpdir(), "brandscope-bench-"));
  cleanups.push({
    name: "remove the temporary folder",
    run: () => rm(tempDir, { recursive: true, force: true }),
  });
  // As root, PostgreSQL runs as the "postgres" user, who must be able to enter the folder (mkdtemp makes it 700).
  await chmod(tempDir, 0o711);

  say(`Starting PostgreSQL in ${tempDir}`);
  const database = await startEmbeddedPostgres({ dataDir: join(tempDir, "database"), log });
  cleanups.push({ name: "stop PostgreSQL", run: database.stop });

  const port = await findFreePort();
  const jwtSecret = randomBytes(36).toString("base64url");
  say(`Starting the server on port ${port} (it loads the sample data and computes its figures)`);
  const profileDir = values["cpu-prof"];
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
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${resolve(profileDir)}`] : [],
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

  const baseUrl = `http://127.0.0.1:${port}`;
  const user = await seedProfessionalUser(db, jwtSecret);
  await connectSampleBrand(baseUrl, user);
  const only = values.only ?? [];
  const endpoints = (await moduleEndpoints(baseUrl, user)).filter(
    (e) => only.length === 0 || only.some((text) => e.path.includes(text)),
  );

  const options: LoadOptions = { baseUrl, ...load };
  const runs = endpoints.map((): EndpointResult[] => []);
  for (let round = 1; round <= rounds; round++) {
    say(`Round ${round} of ${rounds}: ${endpoints.length} endpoints, ${options.durationSeconds} s each`);
    for (const [i, endpoint] of endpoints.entries()) {
      const result = await loadEndpoint(options, endpoint, user);
      runs[i]?.push(result);
      say(
        `  GET ${result.path}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms` +
          (result.errors + result.non2xx > 0 ? `, ${result.errors} errors, ${result.non2xx} non-2xx` : ""),
      );
    }
  }

  const report = buildReport({ options: { ...options, rounds }, timings: server.timings, readyMs, runs });
  printReport(report);
  await writeReport(values.out, report);
  say(`Results written to ${values.out}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await bench();
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await cleanUp();
}
