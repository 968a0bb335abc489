import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type CodePurpose, oneTimeCodes } from "../../db/schema";

/** Replaces the user's codes of this purpose with a new one: only the latest code ever works. */
export async function replaceCode(
  db: Queryable,
  p: { userId: string; purpose: CodePurpose; codeHash: string; now: Date; expiresAt: Date },
) {
  await db
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, p.userId), eq(oneTimeCodes.purpose, p.purpose)));
  await db.insert(oneTimeCodes).values({
    userId: p.userId,
    purpose: p.purpose,
    codeHash: p.codeHash,
    createdAt: p.now,
    expiresAt: p.expiresAt,
  });
}

/** The user's unused code of this purpose, locked so concurrent guesses are counted one after the other. */
export async function findActiveCodeForUpdate(db: Queryable, p: { userId: string; purpose: CodePurpose }) {
  const [row] = await db
    .select({
      id: oneTimeCodes.id,
      codeHash: oneTimeCodes.codeHash,
      expiresAt: oneTimeCodes.expiresAt,
      attempts: oneTimeCodes.attempts,
    })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, p.userId),
        eq(oneTimeCodes.purpose, p.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for("update");
  return row;
}

export async function incrementCodeAttempts(db: Queryable, p: { id: string; userId: string }) {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, p.id), eq(oneTimeCodes.userId, p.userId)))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? 0;
}

/** Marks a code used; false when it was used already (single use, even under concurrency). */
export async function consumeCode(db: Queryable, p: { id: string; userId: string; now: Date }) {
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: p.now })
    .where(and(eq(oneTimeCodes.id, p.id), eq(oneTimeCodes.userId, p.userId), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return used.length === 1;
}

/** Consumes the user's unexpired, unused code found by its hash (reset tokens); returns its user. */
export async function consumeCodeByHash(
  db: Queryable,
  p: { userId: string; purpose: CodePurpose; codeHash: string; now: Date },
): Promise<string | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: p.now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, p.codeHash),
        eq(oneTimeCodes.userId, p.userId),
        eq(oneTimeCodes.purpose, p.purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, p.now),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  return row?.userId;
}

/** Drops the user's unused codes of a purpose (a changed password ends pending resets). */
export async function deleteCodes(db: Queryable, p: { userId: string; purposes: CodePurpose[] }) {
  for (const purpose of p.purposes) {
    await db
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, p.userId), eq(oneTimeCodes.purpose, purpose)));
  }
}

/** Housekeeping: codes expired for a day. */
export async function deleteExpiredCodes(db: Queryable, p: { before: Date }) {
  await db.delete(oneTimeCodes).where(lte(oneTimeCodes.expiresAt, p.before));
}
