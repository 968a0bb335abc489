import type pg from "pg";
import { VersionedCache } from "../lib/versioned-cache";
import { clientOf, type Db } from "./client";

const KEY_SEPARATOR = "\u0000";

/**
 * The rows of the hot module reads' statements, answered from memory while nothing they read has changed. It is
 * coherent, not timed: every write to a table such a statement reads notifies this process (migration 0009,
 * change-notifications.ts) and the whole memory is forgotten, so a plan change or a recompute shows on the next
 * read. A read whose query was running when something changed does not keep its rows: they may predate the change.
 * Without a listening connection (not started yet, or lost) nothing is kept and every read asks the database.
 *
 * It keeps rows, never answers: whatever depends on the time (a stale figure) is still judged per request.
 * Kept rows are frozen, since every later read gets the same objects.
 */
export class ReadCache {
  readonly #rows: VersionedCache<readonly unknown[]>;
  #generation = 0;
  #listening = false;

  constructor(maxEntries: number) {
    // Kept rows have no version of their own: a change forgets them all.
    this.#rows = new VersionedCache(maxEntries);
  }

  /** The rows of a named statement: from memory when kept, otherwise from the database (and kept). */
  async query<T>(
    pool: pg.Pool,
    statement: { name: string; text: string; values: unknown[] },
  ): Promise<readonly T[]> {
    if (!this.#listening) return (await pool.query(statement)).rows as T[];
    const key = `${statement.name}${KEY_SEPARATOR}${JSON.stringify(statement.values)}`;
    const kept = this.#rows.get(key, "");
    if (kept) return kept as readonly T[];
    const generation = this.#generation;
    const rows: unknown[] = (await pool.query(statement)).rows;
    if (this.#listening && generation === this.#generation) this.#rows.set(key, "", deepFreeze(rows));
    return rows as T[];
  }

  /** Something the kept rows were read from may have changed: forget them all, and any read under way. */
  forget(): void {
    this.#generation++;
    this.#rows.clear();
  }

  /** Whether changes are being heard: only then is anything kept. Either way, what was kept is forgotten. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.forget();
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** The names of the statements whose rows are kept now. */
  keptStatements(): string[] {
    return [...new Set(this.#rows.keys().map((key) => key.slice(0, key.indexOf(KEY_SEPARATOR))))];
  }
}

function deepFreeze<T>(value: T): T {
  // A typed array cannot be frozen; no kept statement returns one.
  if (value === null || typeof value !== "object" || Object.isFrozen(value) || ArrayBuffer.isView(value)) {
    return value;
  }
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/** How many statements' rows a process keeps: a page of keywords or personas is a few kilobytes. */
const MAX_ENTRIES = 5_000;

const cacheOfPool = new WeakMap<pg.Pool, ReadCache>();

/** The read cache of a pool (one per database connection pool, so apps on different databases never share rows). */
export function readCacheOf(pool: pg.Pool): ReadCache {
  let cache = cacheOfPool.get(pool);
  if (!cache) {
    cache = new ReadCache(MAX_ENTRIES);
    cacheOfPool.set(pool, cache);
  }
  return cache;
}

/** The rows of a hot read's named statement, from the pool's read cache (read-cache.ts) when it holds them. */
export function cachedRows<T>(
  db: Db,
  statement: { name: string; text: string; values: unknown[] },
): Promise<readonly T[]> {
  const pool = clientOf(db);
  return readCacheOf(pool).query<T>(pool, statement);
}

/** This process has written (a write request answered, a job run): what was kept may be out of date. */
export function forgetCachedReads(db: Db): void {
  readCacheOf(clientOf(db)).forget();
}
