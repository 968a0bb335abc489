import { asc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { industries } from "../../db/schema";

export const findIndustries = (db: Db) =>
  db
    .select({ id: industries.id, label: industries.label })
    .from(industries)
    .orderBy(asc(industries.position));

export async function industryExists(db: Queryable, p: { id: string }): Promise<boolean> {
  const [row] = await db.select({ id: industries.id }).from(industries).where(eq(industries.id, p.id));
  return row !== undefined;
}

/** Resolves when the database answers a query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
