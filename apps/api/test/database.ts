import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, inject } from "vitest";
import { connectDatabase, type Database } from "../src/db/client";
import { withDatabase } from "./database-url";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database (a copy of the template) for a test file; `drop` it in the file's teardown. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template } = inject("testDatabase");
  const name = `brandscope_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh database for a test file with a connection to it, opened before the file's tests and closed and dropped
 * after them: `connected.database` within a test.
 */
export function connectedTestDatabase(): { readonly database: Database } {
  let database: TestDatabase | undefined;
  let connection: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    connection = connectDatabase(database.url, pino({ level: "silent" }));
  });
  afterAll(async () => {
    await connection?.close();
    await database?.drop();
  });
  return {
    get database() {
      if (!connection) throw new Error("The test database is connected in beforeAll");
      return connection;
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
