import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { connectDatabase, type Database } from "../db/client";
import { withJwtSecret } from "../db/jwt-secret";
import { loadConfig } from "./env";
import { readOrCreateSecret } from "./secrets";

const log = pino({ level: "silent" });
let folder: string;
const newDataDir = () => mkdtemp(join(folder, "data-"));
const cleanups: (() => Promise<void>)[] = [];

/** A fresh database per test: the secret is stored once per database. */
async function freshDatabase(): Promise<Database> {
  const created = await createTestDatabase();
  const database = connectDatabase(created.url, log);
  cleanups.push(async () => {
    await database.pool.end();
    await created.drop();
  });
  return database;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-secret-"));
});
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  await rm(folder, { recursive: true, force: true });
});

describe("withJwtSecret", () => {
  it("generates one secret per database, the same for instances with their own DATA_DIR starting together", async () => {
    const { db } = await freshDatabase();
    const dataDirs = await Promise.all([newDataDir(), newDataDir(), newDataDir()]);
    const secrets = await Promise.all(
      dataDirs.map(
        async (dataDir) => (await withJwtSecret(loadConfig({ DATA_DIR: dataDir }), db, log)).jwtSecret,
      ),
    );
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(64);
    expect(new Set(secrets).size).toBe(1);
    const again = await withJwtSecret(loadConfig({ DATA_DIR: await newDataDir() }), db, log);
    expect(again.jwtSecret).toBe(secrets[0]);
    // Nothing of it on disk: a backup of the database is the one copy.
    for (const dataDir of dataDirs) expect(existsSync(join(dataDir, "jwt-secret"))).toBe(false);
  });

  it("keeps the secret of an install upgraded in place, and drops a second instance's stale file", async () => {
    const { db } = await freshDatabase();
    const upgraded = await newDataDir();
    const kept = "k".repeat(64);
    await writeFile(join(upgraded, "jwt-secret"), `${kept}\n`, { mode: 0o600 });
    expect((await withJwtSecret(loadConfig({ DATA_DIR: upgraded }), db, log)).jwtSecret).toBe(kept);
    expect(existsSync(join(upgraded, "jwt-secret"))).toBe(false);

    const other = await newDataDir();
    await writeFile(join(other, "jwt-secret"), `${"o".repeat(64)}\n`, { mode: 0o600 });
    expect((await withJwtSecret(loadConfig({ DATA_DIR: other }), db, log)).jwtSecret).toBe(kept);
    expect(existsSync(join(other, "jwt-secret"))).toBe(false);
  });

  it("prefers JWT_SECRET and stores nothing", async () => {
    const database = await freshDatabase();
    const secret = "s".repeat(40);
    const config = loadConfig({ JWT_SECRET: secret, DATA_DIR: "/nonexistent" });
    expect((await withJwtSecret(config, database.db, log)).jwtSecret).toBe(secret);
    expect((await database.pool.query("select name from app_secrets")).rows).toEqual([]);
  });
});

describe("readOrCreateSecret (the embedded database's password, needed before the database)", () => {
  it("generates a secret once, keeps it private in DATA_DIR, and reuses it", async () => {
    const dataDir = join(await newDataDir(), "new");
    const first = await readOrCreateSecret(dataDir, "postgres-password");
    expect(await readOrCreateSecret(dataDir, "postgres-password")).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect((await readFile(join(dataDir, "postgres-password"), "utf8")).trim()).toBe(first);
    expect((await stat(join(dataDir, "postgres-password"))).mode & 0o777).toBe(0o600);
  });
});
