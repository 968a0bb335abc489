import { resolve } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

export const migrationsFolder = resolve(import.meta.dirname, "../../drizzle");

// Any constant works; it only has to be the same for every instance sharing a database.
const MIGRATION_LOCK_KEY = 4_212_660_917;

/** Applies pending migrations; instances starting together on one database take turns. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    const unlocked = await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).then(
      () => true,
      () => false,
    );
    // A connection that cannot unlock is broken: destroy it rather than hand it to the next caller.
    client.release(!unlocked);
  }
}
