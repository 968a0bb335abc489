import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { rateLimits } from "../../db/schema";

export interface Bucket {
  hits: number;
  resetAt: Date;
  blockedUntil: Date | null;
}

/** Counts one hit in a fixed window; a window that has ended starts again at 1. */
export async function incrementBucket(
  db: Queryable,
  p: { key: string; windowMs: number; now: Date },
): Promise<Bucket> {
  const resetAt = new Date(p.now.getTime() + p.windowMs);
  const ended = sql`${rateLimits.resetAt} <= ${p.now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: p.key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
        blockedUntil: sql`case when ${ended} then null else ${rateLimits.blockedUntil} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt, blockedUntil: rateLimits.blockedUntil });
  if (!row) throw new Error("rate limit upsert returned no row");
  return row;
}

/** The bucket while its window lasts; undefined once it has ended. */
export async function findBucket(db: Queryable, p: { key: string; now: Date }): Promise<Bucket | undefined> {
  const [row] = await db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt, blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, p.key), gt(rateLimits.resetAt, p.now)));
  return row;
}

export async function updateBlockedUntil(db: Queryable, p: { key: string; blockedUntil: Date }) {
  await db.update(rateLimits).set({ blockedUntil: p.blockedUntil }).where(eq(rateLimits.key, p.key));
}

export async function deleteBucket(db: Queryable, p: { key: string }) {
  await db.delete(rateLimits).where(eq(rateLimits.key, p.key));
}

/** Housekeeping: buckets whose window and back-off are both over. */
export async function deleteEndedBuckets(db: Queryable, p: { now: Date }) {
  await db
    .delete(rateLimits)
    .where(
      and(
        lte(rateLimits.resetAt, p.now),
        or(isNull(rateLimits.blockedUntil), lte(rateLimits.blockedUntil, p.now)),
      ),
    );
}
