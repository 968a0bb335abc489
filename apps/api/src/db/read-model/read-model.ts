import type pg from "pg";
import { VersionedCache } from "../../lib/versioned-cache";
import { clientOf, type Db } from "../client";
import type { KeptStatement, NotifiedTable } from "../notified-tables";
import { type Fields, parsedRows, type Selection } from "../typed-rows";
import { replicaScopeFor } from "./replica-reads";

/*
 * The read model: everything the module reads keep in memory, for one database pool, and the one way it learns
 * what changed (docs/adr/0003-read-model-in-memory.md). Three kinds of memory, one rule each:
 * - kept rows: the rows of the hot reads' named statements, until a table they read changes (`changed`);
 * - derived values: made from kept rows and keyed on them, so they go when the rows go;
 * - versioned memos: keyed on the version of the stored row they were made from, so a new version misses.
 * Only `changed` forgets anything. The change listener (change-listener.ts) calls it for every change the
 * database notifies, the process's own writes included: a writer of any notified table is coherent without
 * knowing this exists. A write request, or a read that stored figures, waits for its notifications (`settle`).
 */

const KEY_SEPARATOR = "\u0000";

/** A kind of value derived from kept rows (`derived`): the type it holds and a name for reading the code. */
export interface DerivedSlot<V> {
  readonly name: string;
  /** Never set: carries the type of the values. */
  readonly value?: V;
}

/** A kind of value kept per version of a stored row (`memo`), at most `maxEntries` of them. */
export interface MemoSlot<V> extends DerivedSlot<V> {
  readonly maxEntries: number;
}

export const derivedSlot = <V>(name: string): DerivedSlot<V> => ({ name });
export const memoSlot = <V>(name: string, maxEntries: number): MemoSlot<V> => ({ name, maxEntries });

/**
 * The read model of one pool. Coherent, not timed: rows are kept only while the change listener is known to hear
 * (`setListening`); a read whose query was running when a table it reads changed keeps nothing, since its rows may
 * predate the change. Whatever depends on the time (a stale figure) is still judged per request. Everything kept
 * is deeply frozen: every later read gets the same objects, and the HTTP layer keeps a frozen answer's JSON text
 * (http/json-answer.ts).
 */
export class ReadModel {
  readonly #rows: VersionedCache<readonly unknown[]>;
  /** Bumped by each change of a table, and all of them by a change of anything: a read that saw one keeps nothing. */
  readonly #generations = new Map<string, number>();
  #epoch = 0;
  /** Every change heard so far, counted: a replica fills kept rows only once it has replayed them (replica-reads.ts). */
  #changeCount = 0;
  /** The tables each kept statement reads, by name. */
  readonly #tablesOf = new Map<string, readonly NotifiedTable[]>();
  readonly #derived = new Map<DerivedSlot<unknown>, WeakMap<object, unknown>>();
  readonly #memos = new Map<MemoSlot<unknown>, VersionedCache<unknown>>();
  #listening = false;
  #settle: () => Promise<void> = async () => undefined;

  constructor(maxEntries: number) {
    // Kept rows have no version of their own: a change forgets them.
    this.#rows = new VersionedCache(maxEntries);
  }

  /**
   * The one way in: these tables changed (undefined: anything may have). The rows of every statement that reads
   * one of them are forgotten, with what was derived from them, and reads under way keep nothing.
   */
  changed(tables: readonly string[] | undefined): void {
    this.#changeCount++;
    if (tables === undefined) {
      this.#epoch++;
      this.#rows.clear();
      return;
    }
    for (const table of tables) this.#generations.set(table, (this.#generations.get(table) ?? 0) + 1);
    for (const key of this.#rows.keys()) {
      const read = this.#tablesOf.get(key.slice(0, key.indexOf(KEY_SEPARATOR)));
      if (!read || read.some((table) => tables.includes(table))) this.#rows.delete(key);
    }
  }

  /**
   * The rows of a named statement: from memory when kept, otherwise from the database (and kept). Untyped: callers
   * type them by the statement's select list (keptRows).
   */
  async rows(pool: pg.Pool, statement: KeptStatement): Promise<readonly unknown[]> {
    const { name, text, values, tables } = statement;
    if (!this.#listening) return this.fresh(pool, { name, text, values });
    const key = `${name}${KEY_SEPARATOR}${JSON.stringify(values)}`;
    const kept = this.#rows.get(key, "");
    if (kept) return kept;
    // A replica answers only once it has replayed every change heard before this stamp: what it returns is kept
    // only if none of these tables changed since, as for the primary.
    const before = this.#stamp(tables);
    const rows: unknown[] = await this.fresh(pool, { name, text, values });
    if (this.#listening && before === this.#stamp(tables)) {
      this.#tablesOf.set(name, tables);
      this.#rows.set(key, "", deepFreeze(rows));
    }
    return rows;
  }

  /**
   * The rows of a module read's query, never kept: from the replica when a module read under way may use it and it
   * has replayed what the read must see (replica-reads.ts), else from `pool`.
   */
  async fresh(pool: pg.Pool, statement: pg.QueryConfig): Promise<unknown[]> {
    const scope = replicaScopeFor(pool);
    if (!scope) return (await pool.query(statement)).rows;
    return (await scope.router.query(scope, this, this.#changeCount, statement)).rows;
  }

  /** How many changes have been heard (each call of `changed`). */
  get changeCount(): number {
    return this.#changeCount;
  }

  #stamp(tables: readonly NotifiedTable[]): string {
    return [this.#epoch, ...tables.map((table) => this.#generations.get(table) ?? 0)].join(",");
  }

  /** The values of one kind derived from kept rows (or from objects derived from them), keyed on those objects. */
  derived<V>(slot: DerivedSlot<V>): WeakMap<object, V> {
    let values = this.#derived.get(slot);
    if (!values) {
      values = new WeakMap();
      this.#derived.set(slot, values);
    }
    return values as WeakMap<object, V>;
  }

  /** The values of one kind kept per version of the stored row they were made from. */
  memo<V>(slot: MemoSlot<V>): VersionedCache<V> {
    let values = this.#memos.get(slot);
    if (!values) {
      values = new VersionedCache(slot.maxEntries);
      this.#memos.set(slot, values);
    }
    return values as VersionedCache<V>;
  }

  /** Whether changes are being heard: only then are rows kept. Either way, what was kept is forgotten. */
  setListening(listening: boolean, settle?: () => Promise<void>): void {
    this.#listening = listening;
    if (settle) this.#settle = settle;
    this.changed(undefined);
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** Resolves once every change committed before the call has reached `changed` (at once when not listening). */
  settle(): Promise<void> {
    return this.#listening ? this.#settle() : Promise.resolve();
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

/** Freezes a value and everything in it, so that it can be shared by every read that keeps it. */
export function deepFreeze<T>(value: T): T {
  // A typed array cannot be frozen; nothing kept holds one.
  if (value === null || typeof value !== "object" || Object.isFrozen(value) || ArrayBuffer.isView(value)) {
    return value;
  }
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/** How many statements' rows a process keeps: a page of keywords or personas is a few kilobytes. */
const MAX_ENTRIES = 5_000;

const modelOfPool = new WeakMap<pg.Pool, ReadModel>();

/** The read model of a pool (one per connection pool, so apps on different databases never share rows). */
export function readModelOf(pool: pg.Pool): ReadModel {
  let model = modelOfPool.get(pool);
  if (!model) {
    model = new ReadModel(MAX_ENTRIES);
    modelOfPool.set(pool, model);
  }
  return model;
}

/**
 * The rows of a module read's statement that is not kept (stored figures are kept by version instead), typed by
 * the select list its text reads (db/typed-rows.ts).
 */
export async function freshRows<F extends Fields, R>(
  db: Db,
  select: Selection<F, R>,
  statement: pg.QueryConfig,
): Promise<readonly R[]> {
  const pool = clientOf(db);
  return parsedRows(select, statement.text, await readModelOf(pool).fresh(pool, statement));
}

/** The rows of a hot read's named statement, from the read model when it holds them, typed by its select list. */
export async function keptRows<F extends Fields, R>(
  db: Db,
  select: Selection<F, R>,
  statement: KeptStatement,
): Promise<readonly R[]> {
  const pool = clientOf(db);
  return parsedRows(select, statement.text, await readModelOf(pool).rows(pool, statement));
}

/**
 * The rows of a hot read's statement mapped by `map`: while the rows are kept, the same object every time, so
 * callers can key what they derive on it.
 */
export async function keptMapped<F extends Fields, R, V extends object>(
  db: Db,
  select: Selection<F, R>,
  statement: KeptStatement,
  slot: DerivedSlot<V>,
  map: (rows: readonly R[]) => V,
): Promise<V> {
  const rows = await keptRows(db, select, statement);
  const mapped = readModelOf(clientOf(db)).derived(slot);
  let value = mapped.get(rows);
  if (!value) {
    value = map(rows);
    mapped.set(rows, value);
  }
  return value;
}
