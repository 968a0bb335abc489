import type pg from "pg";
import { VersionedCache } from "../lib/versioned-cache";
import { clientOf, type Db } from "./client";

const KEY_SEPARATOR = "\u0000";

/** The tables whose every change is notified (migrations 0009 and 0012): the only ones a kept statement may read. */
export const notifiedTables = [
  "brands",
  "workspace_brands",
  "brand_competitors",
  "social_accounts",
  "imports",
  "figures",
  "personas",
  "subscriptions",
  "influencers",
  "influencer_scores",
  "keywords",
] as const;
export type NotifiedTable = (typeof notifiedTables)[number];

/** A hot read's named statement and the tables it reads (query-plans.test.ts holds the list to its plan). */
export interface KeptStatement {
  name: string;
  text: string;
  values: unknown[];
  tables: readonly NotifiedTable[];
}

/**
 * The rows of the hot module reads' statements, answered from memory while nothing they read has changed. It is
 * coherent, not timed: every write to a table such a statement reads notifies this process (migrations 0009, 0012,
 * change-notifications.ts), and the rows of the statements that read that table are forgotten; a change elsewhere
 * forgets nothing. A read whose query was running when a table it reads changed does not keep its rows: they may
 * predate the change. Without a listening connection (not started yet, or lost) nothing is kept and every read asks
 * the database.
 *
 * It keeps rows, never answers: whatever depends on the time (a stale figure) is still judged per request.
 * Kept rows are frozen, since every later read gets the same objects.
 */
export class ReadCache {
  readonly #rows: VersionedCache<readonly unknown[]>;
  /** Bumped by each change of a table, and all of them by `forget`: a read that saw a bump keeps nothing. */
  readonly #generations = new Map<string, number>();
  #epoch = 0;
  /** The tables each kept statement reads, by name. */
  readonly #tablesOf = new Map<string, readonly NotifiedTable[]>();
  #listening = false;

  constructor(maxEntries: number) {
    // Kept rows have no version of their own: a change forgets them.
    this.#rows = new VersionedCache(maxEntries);
  }

  /** The rows of a named statement: from memory when kept, otherwise from the database (and kept). */
  async query<T>(pool: pg.Pool, statement: KeptStatement): Promise<readonly T[]> {
    const { name, text, values, tables } = statement;
    if (!this.#listening) return (await pool.query({ name, text, values })).rows as T[];
    const key = `${name}${KEY_SEPARATOR}${JSON.stringify(values)}`;
    const kept = this.#rows.get(key, "");
    if (kept) return kept as readonly T[];
    const before = this.#stamp(tables);
    const rows: unknown[] = (await pool.query({ name, text, values })).rows;
    if (this.#listening && before === this.#stamp(tables)) {
      this.#tablesOf.set(name, tables);
      this.#rows.set(key, "", deepFreeze(rows));
    }
    return rows as T[];
  }

  #stamp(tables: readonly NotifiedTable[]): string {
    return [this.#epoch, ...tables.map((table) => this.#generations.get(table) ?? 0)].join(",");
  }

  /** These tables changed: the rows of every statement that reads one of them are forgotten, and reads under way. */
  forgetTables(tables: readonly string[]): void {
    for (const table of tables) this.#generations.set(table, (this.#generations.get(table) ?? 0) + 1);
    for (const key of this.#rows.keys()) {
      const read = this.#tablesOf.get(key.slice(0, key.indexOf(KEY_SEPARATOR)));
      if (!read || read.some((table) => tables.includes(table))) this.#rows.delete(key);
    }
  }

  /** Anything may have changed: forget every kept row, and any read under way. */
  forget(): void {
    this.#epoch++;
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

  /** The tables a kept statement said it reads. */
  tablesOf(name: string): readonly NotifiedTable[] | undefined {
    return this.#tablesOf.get(name);
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
export function cachedRows<T>(db: Db, statement: KeptStatement): Promise<readonly T[]> {
  const pool = clientOf(db);
  return readCacheOf(pool).query<T>(pool, statement);
}

/**
 * This process wrote these tables and will read them again before the database's notification can arrive (a read
 * that stores figures it computed): forget what was kept from them now.
 */
export function forgetCachedReads(db: Db, tables: readonly NotifiedTable[]): void {
  readCacheOf(clientOf(db)).forgetTables(tables);
}
