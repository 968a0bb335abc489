import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
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

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
