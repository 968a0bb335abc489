import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../src/db/embedded";
import { migrateDatabase } from "../src/db/migrate";
import { withDatabase } from "./database-url";
import { prepareSampleTemplate } from "./sample-template";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string };
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one in a temp folder, or the server of DATABASE_URL (CI
 * runs the suite again on PostgreSQL 15 that way). It migrates a template database once; each test file
 * copies it (test/database.ts), so files run in parallel on their own data.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: "silent" });
  let adminUrl = process.env.DATABASE_URL;
  let cleanup = async () => {};
  if (!adminUrl) {
    const folder = await mkdtemp(join(tmpdir(), "brandscope-api-test-"));
    // mkdtemp makes 0700 folders, which the postgres user (the server runs as it under root) cannot enter.
    await chmod(folder, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: join(folder, "data"), log });
    adminUrl = embedded.url;
    cleanup = async () => {
      await embedded.stop();
      await rm(folder, { recursive: true, force: true });
    };
  }

  const template = `brandscope_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template) });
  await migrateDatabase(pool);
  await prepareSampleTemplate(pool, withDatabase(adminUrl, template));
  // Copies wait for, then fail on, any connection left on the template.
  await pool.end();
  await admin.query(`alter database ${template} with is_template true allow_connections false`);
  project.provide("testDatabase", { adminUrl, template });

  return async () => {
    await admin.query(`alter database ${template} with is_template false`);
    await admin.query(`drop database ${template}`);
    await admin.end();
    await cleanup();
  };
}
