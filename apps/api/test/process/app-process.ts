import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import pino from "pino";
import { apiPackageDir } from "../../src/config/env";
import { jwtKey } from "../../src/config/keys";
import { stopPostmaster } from "../../src/db/postmaster";
import * as schema from "../../src/db/schema";
import { findFreePort } from "../../src/lib/free-port";
import { seedSignedInUser } from "../users";

export interface AppProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /**
   * Resolves once the app prints its URL (a worker: that it runs the jobs); rejects with the app's output if it
   * exits first or takes 60 s.
   */
  ready: Promise<void>;
}

const READY_WITHIN_MS = 60_000;

const started: { child: ChildProcess; dataDir: string | undefined }[] = [];

/**
 * Runs the real `src/main.ts` as `npm start` does, in its own process group, with only the environment
 * given here (an outer DATABASE_URL must not leak in and switch off the embedded PostgreSQL).
 */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const port = env.PORT ? Number(env.PORT) : await findFreePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiPackageDir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/",
      LOG_LEVEL: "warn",
      PORT: String(port),
      // These tests are about the process; the sample load at first start is covered by the browser tests.
      SAMPLE_DATA: "off",
      ...env,
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push({ child, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
  let text = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (/Brandscope (is running at|worker is running)/.test(text)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`The app exited (${code}) before it was ready:\n${text}`)));
    // A start that hangs says where it stopped, rather than ending in the test runner's bare timeout.
    setTimeout(
      () => reject(new Error(`The app was not ready after ${READY_WITHIN_MS} ms:\n${text}`)),
      READY_WITHIN_MS,
    ).unref();
  });
  ready.catch(() => undefined);
  return { child, port, output: () => text, exited, ready };
}

/**
 * Kills what a test left running: each app's whole group, then its embedded PostgreSQL, which runs in a session
 * of its own (db/embedded.ts).
 */
export async function killStartedApps(): Promise<void> {
  for (const { child, dataDir } of started.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
    if (dataDir) await stopPostmaster(join(dataDir, "postgres"), pino({ level: "silent" }));
  }
}

/** A connection to the app's embedded PostgreSQL, found the way an operator would: files in DATA_DIR. */
export async function connectToEmbedded(dataDir: string): Promise<pg.Client> {
  const port = (await readFile(join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[3];
  const password = (await readFile(join(dataDir, "postgres-password"), "utf8")).trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/brandscope`,
  });
  // The tests stop the app, and with it this PostgreSQL, while the connection may still be open: the server's
  // "terminating connection" (57P01) then arrives as an 'error' event, which must not count as a test failure.
  client.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") throw error;
  });
  await client.connect();
  return client;
}

/** A bearer of a new account seeded in the app's embedded database, signed with the app's own secret. */
export async function bearerFor(dataDir: string): Promise<string> {
  const client = await connectToEmbedded(dataDir);
  try {
    return await seededBearer(client);
  } finally {
    await client.end();
  }
}

/** A bearer of a new account seeded in the app's database, signed with the secret the app stored there. */
export async function seededBearer(db: pg.Client | pg.Pool): Promise<string> {
  return (await seedSignedInUser(drizzle({ client: db, schema }), jwtKey(await appSecretOf(db))))
    .authorization;
}

/** The token secret the app generated into its database (config/secrets.ts). */
export async function appSecretOf(db: pg.ClientBase | pg.Pool): Promise<string> {
  const { rows } = await db.query<{ value: string }>(
    "select value from app_secrets where name = 'jwt-secret'",
  );
  if (!rows[0]) throw new Error("The app has stored no token secret");
  return rows[0].value;
}
