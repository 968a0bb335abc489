import { Column, type GetColumnData, is, SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/*
 * Raw rows typed from the schema (docs/architecture.md "Raw rows"). A query written as SQL names its select list
 * once, as a `selection` of the schema's column objects (of a table or of an `alias(table, "b")`) and of computed
 * values with their declared type. The SQL of the list and the type of a row both come from it: renaming a column's
 * property fails the type check, renaming its SQL name changes the SQL generated. Nothing casts rows elsewhere.
 */

/** A value of the select list that is no column: its SQL and its type, declared together. */
export interface Computed<T> {
  readonly expression: SQL;
  /** The column whose driver value it is, mapped as that column's (`orNull`, `asColumn`). */
  readonly column?: Column;
  /** Never set: carries the type. */
  readonly type?: T;
}

/** A computed value (an aggregate, a JSON build, a cast) of type `T`, its SQL beside it. */
export const computed = <T>(expression: SQL | string): Computed<T> => ({
  expression: typeof expression === "string" ? sql.raw(expression) : expression,
});

/** A column that may come back null although the table holds none (a left join, a lateral page's empty row). */
export const orNull = <C extends Column>(column: C): Computed<GetColumnData<C> | null> => ({
  expression: sql`${column}`,
  column,
});

export type Field = Column | Computed<unknown>;
export type Fields = Readonly<Record<string, Field>>;

/** The data of a field: a column's type as the schema declares it, a computed value's declared type. */
export type DataOf<F extends Field> = F extends Column
  ? GetColumnData<F>
  : F extends Computed<infer T>
    ? T
    : never;

/** The row a selection reads. */
export type RowOf<F extends Fields> = { -readonly [K in keyof F]: DataOf<F[K]> };

const expressionOf = (field: Field): SQL => (is(field, Column) ? sql`${field}` : field.expression);

/**
 * A value of a column's type that is no column (an aggregate such as `min`, `max`): mapped as the column is, null
 * when there is nothing to aggregate.
 */
export const asColumn = <C extends Column>(
  column: C,
  expression: SQL | string,
): Computed<GetColumnData<C> | null> => ({
  expression: typeof expression === "string" ? sql.raw(expression) : expression,
  column,
});

/**
 * An array of text or numbers read as JSON (`to_json`): node-postgres parses JSON natively, much faster than its
 * array text parser, and the JSON array is the field's data either way (not so a timestamp's: it would be text).
 */
export const asJson = <F extends Field>(field: F): Computed<DataOf<F>> => ({
  expression: sql`to_json(${expressionOf(field)})`,
});

/** A row of `F` past the end of a left join: every field null. */
export type Absent<F extends Fields> = { -readonly [K in keyof F]: null };

/**
 * A select list: its fields, as SQL for Drizzle's `sql` and as text for a named statement, and the type of the
 * rows it reads (`R`, the fields' own unless a left-joined group may be absent: `withOptional`).
 */
export interface Selection<F extends Fields, R = RowOf<F>> {
  readonly fields: F;
  /** `"b"."id" as "id", …`, to place in a `sql` template. */
  readonly sql: SQL;
  /** The same as text, to place in a named statement's text (node-postgres). */
  readonly text: string;
  /** Every text the statement must hold for its rows to be `R` (the list and any group's inner list). */
  readonly parts: readonly string[];
  /** Never set: carries the row type. */
  readonly row?: R;
}

const dialect = new PgDialect();

/** The select list of `fields`, each aliased as its key. */
export function selection<F extends Fields>(fields: F): Selection<F> {
  const list = sql.join(
    Object.entries(fields).map(([key, field]) => sql`${expressionOf(field)} as ${sql.identifier(key)}`),
    sql`, `,
  );
  let text: string | undefined;
  return {
    fields,
    sql: list,
    // Rendered when a named statement asks for it, which carries no values: a field holding one is a mistake there
    // (a `sql` query may hold them: its values are sent with it).
    get text() {
      if (text === undefined) {
        const query = dialect.sqlToQuery(list);
        if (query.params.length > 0)
          throw new Error(`A named statement's select list carries values: ${query.sql}`);
        text = query.sql;
      }
      return text;
    },
    get parts() {
      return [this.text];
    },
  };
}

/** `count(*)` as `n`: how many rows a query counts. */
export const COUNT = selection({ n: computed<number>("count(*)::int") });

/**
 * The fields of a subquery `alias` (a CTE, a derived table) that selects `inner`, read again by their keys: what
 * `inner` declares, as the outer query sees it.
 */
export function fieldsOf<F extends Fields>(
  alias: string,
  inner: Selection<F>,
): { readonly [K in keyof F]: Computed<DataOf<F[K]>> } {
  return Object.fromEntries(
    Object.keys(inner.fields).map((key) => [
      key,
      { expression: sql`${sql.identifier(alias)}.${sql.identifier(key)}` },
    ]),
  ) as { readonly [K in keyof F]: Computed<DataOf<F[K]>> };
}

/**
 * `required`'s fields and `optional`'s, in one list, where `optional`'s come from a left join: a row holds all of
 * them, or all are null when the join found nothing (no keyword matched, an unknown id).
 */
export function withAbsent<F extends Fields, G extends Fields>(
  required: F,
  optional: G,
): Selection<F & G, RowOf<F> & (RowOf<G> | Absent<G>)> {
  return selection({ ...required, ...optional });
}

/**
 * `outer`'s fields and every field of a left-joined subquery `alias` that selects `inner` (`alias.*`): a row holds
 * all of the inner fields, or none (null) when the join found nothing (a page past the last, an unknown id).
 */
export function withOptional<F extends Fields, G extends Fields>(
  outer: Selection<F>,
  alias: string,
  inner: Selection<G>,
): Selection<F & G, RowOf<F> & (RowOf<G> | Absent<G>)> {
  const all = sql`${outer.sql}, ${sql.identifier(alias)}.*`;
  const text = dialect.sqlToQuery(all).sql;
  return { fields: { ...outer.fields, ...inner.fields }, sql: all, text, parts: [text, ...inner.parts] };
}

/**
 * Rows as node-postgres parses them (a named statement, a pool's query): the driver's parsers already give the data
 * types the schema declares for the column kinds selected this way (uuid, text, boolean, integer, real, timestamptz,
 * json, arrays as JSON). The text must hold the select list, or the rows are not what the type says.
 */
export function parsedRows<F extends Fields, R>(
  select: Selection<F, R>,
  text: string,
  rows: readonly unknown[],
): readonly R[] {
  if (!select.parts.every((part) => text.includes(part))) {
    throw new Error("A statement does not read the select list it is typed by");
  }
  return rows as readonly R[];
}

/**
 * Rows as Drizzle's `db.execute` returns them, which leaves timestamps and some other types as PostgreSQL writes
 * them: each column is mapped as Drizzle's query builder maps it, so the row has the schema's data types.
 */
export function mappedRows<F extends Fields, R>(
  select: Selection<F, R>,
  rows: Record<string, unknown>[],
): R[] {
  const mappers = Object.entries(select.fields).flatMap(([key, field]) => {
    const column = is(field, Column) ? field : field.column;
    return column ? [[key, column] as const] : [];
  });
  if (mappers.length > 0) {
    for (const row of rows) {
      for (const [key, column] of mappers) {
        const value = row[key];
        if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
      }
    }
  }
  return rows as R[];
}

/** Something that runs Drizzle's `sql` (a database or a transaction). */
interface Executes {
  execute(query: SQL): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The rows of `query`, which selects `select.sql`, typed by the selection. */
export async function selectRows<F extends Fields, R>(
  db: Executes,
  select: Selection<F, R>,
  query: SQL,
): Promise<R[]> {
  if (!holds(query, select.sql)) throw new Error("A query does not read the select list it is typed by");
  const result = await db.execute(query);
  return mappedRows(select, result.rows);
}

/** Whether `query` has `part` among its chunks, at any depth. */
function holds(query: SQL, part: SQL): boolean {
  return query.queryChunks.some((chunk) => chunk === part || (is(chunk, SQL) && holds(chunk, part)));
}

/** Something that runs a statement's text with node-postgres (a pool, a client of a transaction). */
interface Queries {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The rows of a statement's `text`, which reads `select.text`, typed by the selection. */
export async function statementRows<F extends Fields, R>(
  client: Queries,
  select: Selection<F, R>,
  text: string,
  values?: unknown[],
): Promise<readonly R[]> {
  const result = await client.query(text, values);
  return parsedRows(select, text, result.rows);
}
