import { resolve } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { withAdvisoryLock } from "./advisory-lock";

export const migrationsFolder = resolve(import.meta.dirname, "../../drizzle");

// Any constant works; it only has to be the same for every instance sharing a database.
const MIGRATION_LOCK_KEY = 4_212_660_917;

/** Applies pending migrations; instances starting together on one database take turns. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, MIGRATION_LOCK_KEY, () =>
    migrate(drizzle({ client: pool }), { migrationsFolder }),
  );
}
