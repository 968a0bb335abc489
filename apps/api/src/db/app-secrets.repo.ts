import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { appSecrets } from "./secrets.schema";

/**
 * The secret stored under `name`, stored as `candidate` if there is none yet. The primary key settles a race:
 * of two instances starting together, one inserts and the other waits for its commit, then both read its value.
 */
export async function readOrCreateAppSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`The secret ${name} was neither stored nor found`);
  return row.value;
}
