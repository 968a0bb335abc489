import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { storedFiles } from "./files.schema";

export type StoredFile = Pick<
  typeof storedFiles.$inferSelect,
  "contentType" | "body" | "sha256" | "storedAt"
>;

/** Stores the file under its key, replacing what was there (storing the same content again changes nothing). */
export async function upsertStoredFile(db: Db, p: { key: string; body: Buffer; contentType: string }) {
  const file = { ...p, sha256: createHash("sha256").update(p.body).digest("hex") };
  await db
    .insert(storedFiles)
    .values(file)
    .onConflictDoUpdate({
      target: storedFiles.key,
      set: { body: file.body, contentType: file.contentType, sha256: file.sha256, storedAt: sql`now()` },
    });
}

export async function deleteStoredFile(db: Db, key: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
}

export async function findStoredFile(db: Db, key: string): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      contentType: storedFiles.contentType,
      body: storedFiles.body,
      sha256: storedFiles.sha256,
      storedAt: storedFiles.storedAt,
    })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  return row;
}
