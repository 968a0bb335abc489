import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import * as schema from "./schema";
import { describeColumn, SEALED_COLUMNS } from "./sealed-values.repo";

/**
 * A column holding sealed values is named for it (`sealed`, `sealed_credential`, `oidc_sealed_client_secret`): a
 * new one left out of SEALED_COLUMNS would keep what the old key sealed after `npm run keys:rotate`, and a copy of
 * the database with that key would still open it.
 */
it("lists every sealed column of the schema for the key rotation to re-seal", () => {
  const named = Object.values(schema)
    .flatMap((value: unknown) => (is(value, PgTable) ? [value] : []))
    .flatMap((table) =>
      getTableConfig(table)
        .columns.filter((column) => /(^|_)sealed(_|$)/.test(column.name))
        .map((column) => `${getTableName(table)}.${column.name}`),
    )
    .sort();
  expect(named.length).toBeGreaterThan(0);
  expect(SEALED_COLUMNS.map(describeColumn).sort()).toEqual(named);
  for (const column of SEALED_COLUMNS) {
    expect(getTableConfig(column.table).primaryKeys.length + (column.key.primary ? 1 : 0)).toBe(1);
  }
});
