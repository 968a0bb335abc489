import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { connectDatabase, type Database } from "./client";
import { brands } from "./schema";
import { computed, orNull, parsedRows, type RowOf, selection, selectRows, withAbsent } from "./typed-rows";

let own: TestDatabase;
let database: Database;

beforeAll(async () => {
  own = await createTestDatabase();
  database = connectDatabase(own.url, pino({ level: "silent" }));
  await database.db
    .insert(brands)
    .values({ name: "Typed", website: "https://typed.example", status: "active", sample: false });
});

afterAll(async () => {
  await database.close();
  await own.drop();
});

const b = alias(brands, "b");
const BRAND = selection({
  name: b.name,
  reason: b.statusReason,
  changedAt: b.dataChangedAt,
  brands: computed<number>("(count(*) over ())::int"),
});

describe("a raw query's select list, built from the schema's columns", () => {
  it("names each column by its SQL name under the query's alias, so a renamed column follows", () => {
    expect(BRAND.text).toBe(
      '"b"."name" as "name", "b"."status_reason" as "reason", "b"."data_changed_at" as "changedAt", ' +
        '(count(*) over ())::int as "brands"',
    );
  });

  it("types a row by the schema: a column's data type, a computed value's declared one", () => {
    expectTypeOf<RowOf<typeof BRAND.fields>>().toEqualTypeOf<{
      name: string;
      reason: string | null;
      changedAt: Date;
      brands: number;
    }>();
    const optional = withAbsent({ brandCount: computed<number>("1") }, { name: orNull(b.name) });
    expectTypeOf<NonNullable<typeof optional.row>>().toEqualTypeOf<
      { brandCount: number } & ({ name: string | null } | { name: null })
    >();
  });

  it("gives rows with the schema's data types through db.execute, which leaves a timestamp as text", async () => {
    const query = sql`select ${BRAND.sql} from brands b where b.name = 'Typed'`;
    const raw = await database.db.execute(query);
    expect(typeof raw.rows[0]?.changedAt).toBe("string");
    const [row] = await selectRows(database.db, BRAND, query);
    expect(row).toEqual({ name: "Typed", reason: null, changedAt: expect.any(Date), brands: 1 });
  });

  it("refuses rows of a query or a statement that does not read the list it is typed by", async () => {
    await expect(selectRows(database.db, BRAND, sql`select b.name from brands b`)).rejects.toThrow(
      "A query does not read the select list it is typed by",
    );
    const text = "select b.name from brands b";
    const { rows } = await database.pool.query(text);
    expect(() => parsedRows(BRAND, text, rows)).toThrow(
      "A statement does not read the select list it is typed by",
    );
  });
});
