import type pg from "pg";

/**
 * Runs `work` while this process holds a session-level advisory lock on `key` (on a connection of its own): app
 * instances sharing one database take turns. Any constant works as a key, as long as every instance uses the same.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [key]);
    return await work();
  } finally {
    const unlocked = await client.query("select pg_advisory_unlock($1)", [key]).then(
      () => true,
      () => false,
    );
    // A connection that cannot unlock is broken: destroy it rather than hand it to the next caller.
    client.release(!unlocked);
  }
}
