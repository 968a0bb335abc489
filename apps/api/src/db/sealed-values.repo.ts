import { getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { LEGACY_SEAL_KEY_ID } from "../lib/crypto";
import { alertChannels } from "./alert-delivery.schema";
import type { Db } from "./client";
import { connections } from "./connectors.schema";
import { mailOutbox } from "./mail.schema";
import { ssoConnections } from "./sso.schema";
import { computed, selection, selectRows } from "./typed-rows";

/**
 * Every column that holds sealed values (lib/crypto.ts seal), with the key of its row: what `npm run keys:rotate`
 * re-seals. A column holding sealed values is named for it (`sealed`), and sealed-values.test.ts fails when one so
 * named is missing here.
 */
export const SEALED_COLUMNS: readonly { table: PgTable; key: PgColumn; sealed: PgColumn }[] = [
  { table: alertChannels, key: alertChannels.id, sealed: alertChannels.sealedUrl },
  { table: connections, key: connections.id, sealed: connections.sealedCredential },
  { table: mailOutbox, key: mailOutbox.id, sealed: mailOutbox.sealed },
  { table: ssoConnections, key: ssoConnections.workspaceId, sealed: ssoConnections.oidcSealedClientSecret },
];

export type SealedColumn = (typeof SEALED_COLUMNS)[number];

export const describeColumn = (c: SealedColumn) => `${getTableName(c.table)}.${c.sealed.name}`;

const keyIdOf = (column: PgColumn) =>
  sql`case when ${column} like 'v1.%' then ${LEGACY_SEAL_KEY_ID} else split_part(${column}, '.', 2) end`;

/** How many values each key sealed, over every sealed column. */
export async function countSealedByKey(db: Db): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const c of SEALED_COLUMNS) {
    const byKey = selection({
      key_id: computed<string>(keyIdOf(c.sealed)),
      values: computed<number>("count(*)::int"),
    });
    const rows = await selectRows(
      db,
      byKey,
      sql`
      select ${byKey.sql}
      from ${c.table} where ${c.sealed} is not null group by 1`,
    );
    for (const row of rows) counts.set(row.key_id, (counts.get(row.key_id) ?? 0) + row.values);
  }
  return counts;
}

/** Up to `limit` values of a column not sealed with `currentId`, after the row key `after` (keyset order). */
export async function sealedWithOtherKeys(
  db: Db,
  c: SealedColumn,
  p: { currentId: string; after: string | undefined; limit: number },
): Promise<{ key: string; sealed: string }[]> {
  const values = selection({
    key: computed<string>(sql`${c.key}::text`),
    sealed: computed<string>(sql`${c.sealed}`),
  });
  return selectRows(
    db,
    values,
    sql`
    select ${values.sql} from ${c.table}
    where ${c.sealed} is not null and ${c.sealed} not like ${`v2.${p.currentId}.%`}
      ${p.after === undefined ? sql`` : sql`and ${c.key} > ${p.after}`}
    order by ${c.key} limit ${p.limit}`,
  );
}

/**
 * Replaces one value with its re-sealed text, only if it still holds what was read: a value the app changed in
 * the meantime (a reconnect, a sent e-mail) is left as the app wrote it. Returns whether it was replaced.
 */
export async function replaceSealed(
  db: Db,
  c: SealedColumn,
  p: { key: string; was: string; now: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${c.table} set ${sql.identifier(c.sealed.name)} = ${p.now}
    where ${c.key} = ${p.key} and ${c.sealed} = ${p.was}`);
  return (result.rowCount ?? 0) > 0;
}
