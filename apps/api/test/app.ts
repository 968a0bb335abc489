import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino, { type Logger } from "pino";
import { type AppConfig, loadConfig } from "../src/config/env";
import { connectDatabase, type Database } from "../src/db/client";
import { type AppOptions, buildApp } from "../src/http/app";
import { jwtKey } from "../src/modules/auth/id-token";
import { TestClock } from "./clock";
import { createTestDatabase } from "./database";
import { seedSignedInUser } from "./users";

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The app's clock: it stands still until a test advances it. */
  clock: TestClock;
  /** A valid bearer header: of a new confirmed account with a live session, seeded in the database. */
  authorization(): Promise<string>;
  /** Closes the app and its pool and drops its database: return it from the file's beforeAll. */
  close(): Promise<void>;
}

export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    JWT_SECRET: TEST_JWT_SECRET,
    PASSWORD_HASHING: "fast-test-only",
    // Uploads of a test never land in the developer's own DATA_DIR.
    DATA_DIR: join(tmpdir(), "brandscope-api-test-data"),
    ...env,
  });
  return { ...config, jwtSecret: TEST_JWT_SECRET };
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
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const clock = new TestClock();
  const own = options.databaseUrl ? undefined : await createTestDatabase();
  const database = connectDatabase(options.databaseUrl ?? own?.url ?? "", pino({ level: "silent" }));
  const release = async () => {
    await database.pool.end();
    await own?.drop();
  };
  const app = await buildApp({
    config,
    db: database.db,
    log: options.log ?? pino({ level: "silent" }),
    contract: options.contract,
    handlers: options.handlers,
    deps: { clock, ...options.deps },
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  return {
    app,
    database,
    config,
    clock,
    authorization: async () =>
      (await seedSignedInUser(database.db, jwtKey(TEST_JWT_SECRET), { now: clock.now() })).authorization,
    close: async () => {
      await app.close();
      await release();
    },
  };
}
