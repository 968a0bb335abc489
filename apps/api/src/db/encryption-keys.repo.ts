import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { encryptionKeys } from "./secrets.schema";

export type StoredKey = typeof encryptionKeys.$inferSelect;

export function listStoredKeys(db: Db): Promise<StoredKey[]> {
  return db.select().from(encryptionKeys).orderBy(encryptionKeys.createdAt);
}

/**
 * Stores `candidate` as the current key unless one is current already. The partial unique index settles a race: of
 * two instances starting together on an empty table, one inserts and the other finds its key.
 */
export async function storeFirstKey(
  db: Db,
  candidate: { id: string; secret: string; now: Date },
): Promise<void> {
  await db
    .insert(encryptionKeys)
    .values({ id: candidate.id, secret: candidate.secret, current: true, resealedAt: candidate.now })
    .onConflictDoNothing();
}

/** Makes a new key the current one; the previous ones stay, to open what they sealed. */
export async function storeNewCurrentKey(db: Db, key: { id: string; secret: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(encryptionKeys).set({ current: false }).where(eq(encryptionKeys.current, true));
    await tx.insert(encryptionKeys).values({ id: key.id, secret: key.secret, current: true });
  });
}

export async function markResealed(db: Db, p: { id: string; now: Date }): Promise<void> {
  await db.update(encryptionKeys).set({ resealedAt: p.now }).where(eq(encryptionKeys.id, p.id));
}
