import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { rateLimits } from "../../db/schema";

export interface Bucket {
  hits: number;
  resetAt: Date;
  blockedUntil: Date | null;
}

/**
 * Counts one hit unless the window already holds `max`: one statement, so parallel callers cannot all pass a
 * check made before any of them counted. Undefined when refused (nothing counted).
 */
export async function claimHit(
  db: Queryable,
  p: { key: string; windowMs: number; max: number; now: Date },
): Promise<Bucket | undefined> {
  const now = sql`${p.now.toISOString()}::timestamptz`;
  const ended = sql`${rateLimits.resetAt} <= ${now}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: p.key, hits: 1, resetAt: new Date(p.now.getTime() + p.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
        blockedUntil: sql`case when ${ended} then null else ${rateLimits.blockedUntil} end`,
      },
      setWhere: sql`${ended} or ${rateLimits.hits} < ${p.max}`,
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt, blockedUntil: rateLimits.blockedUntil });
  return row;
}

/**
 * Counts one attempt at a secret as failed until told otherwise, unless the key is backing off: after
 * `freeFailures`, each attempt blocks the next for `firstDelayMs`, doubling up to `maxDelayMs`. One statement, so
 * parallel attempts are counted one after another and only those before the block get through. Undefined when
 * refused (nothing counted).
 */
export async function claimBackoffAttempt(
  db: Queryable,
  p: {
    key: string;
    memoryMs: number;
    freeFailures: number;
    firstDelayMs: number;
    maxDelayMs: number;
    now: Date;
  },
): Promise<Bucket | undefined> {
  const now = sql`${p.now.toISOString()}::timestamptz`;
  const ended = sql`${rateLimits.resetAt} <= ${now}`;
  const hits = sql`(case when ${ended} then 1 else ${rateLimits.hits} + 1 end)`;
  const delayMs = sql`least(${p.firstDelayMs}::float8 * power(2, ${hits} - ${p.freeFailures}), ${p.maxDelayMs})`;
  // A first attempt never blocks: freeFailures is more than one.
  const [row] = await db
    .insert(rateLimits)
    .values({ key: p.key, hits: 1, resetAt: new Date(p.now.getTime() + p.memoryMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
        blockedUntil: sql`case when ${hits} >= ${p.freeFailures}
          then ${now} + ${delayMs} * interval '1 millisecond' end`,
      },
      setWhere: sql`${ended} or ${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${now}`,
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt, blockedUntil: rateLimits.blockedUntil });
  return row;
}

/** Gives back one hit counted by `claimHit` (an attempt that turned out not to be a failure). */
export async function releaseHit(db: Queryable, p: { key: string }) {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, p.key));
}

/** The bucket while its window lasts; undefined once it has ended. */
export async function findBucket(db: Queryable, p: { key: string; now: Date }): Promise<Bucket | undefined> {
  const [row] = await db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt, blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, p.key), gt(rateLimits.resetAt, p.now)));
  return row;
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
