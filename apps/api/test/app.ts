import type { FastifyInstance } from "fastify";
import pino from "pino";
import { type AppConfig, loadConfig } from "../src/config/env";
import { connectDatabase, type Database } from "../src/db/client";
import { type AppOptions, buildApp } from "../src/http/app";
import { jwtKey, signIdToken } from "../src/modules/auth/id-token";
import { createTestDatabase } from "./database";

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** A valid bearer header for a user id. */
  authorization(userId?: string): Promise<string>;
  /** Closes the app and its pool and drops its database: return it from the file's beforeAll. */
  close(): Promise<void>;
}

export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JWT_SECRET: TEST_JWT_SECRET, ...env });
  return { ...config, jwtSecret: TEST_JWT_SECRET };
}

/**
 * The real app on a fresh database of its own (or on `databaseUrl`), for `app.inject()`. Options replace
 * parts: a contract fixture, other handlers, environment variables.
 */
export async function buildTestApp(
  options: Partial<Pick<AppOptions, "contract" | "handlers">> & {
    env?: NodeJS.ProcessEnv;
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const own = options.databaseUrl ? undefined : await createTestDatabase();
  const database = connectDatabase(options.databaseUrl ?? own?.url ?? "", pino({ level: "silent" }));
  const release = async () => {
    await database.pool.end();
    await own?.drop();
  };
  const app = await buildApp({
    config,
    db: database.db,
    log: pino({ level: "silent" }),
    contract: options.contract,
    handlers: options.handlers,
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  return {
    app,
    database,
    config,
    authorization: async (userId = "0b9a0c55-5a6e-4c4f-8f39-6d2b8f0f7a10") =>
      `Bearer ${await signIdToken(userId, jwtKey(TEST_JWT_SECRET))}`,
    close: async () => {
      await app.close();
      await release();
    },
  };
}
