import { and, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { type OneUseStateKind, oneUseStates } from "../db/schema";

/** Which row a key names: its kind and hash, unused, unexpired, and holding `match` (jsonb containment) if given. */
function live(p: { kind: OneUseStateKind; keyHash: string; now: Date; match?: object }): SQL | undefined {
  return and(
    eq(oneUseStates.kind, p.kind),
    eq(oneUseStates.keyHash, p.keyHash),
    isNull(oneUseStates.usedAt),
    gt(oneUseStates.expiresAt, p.now),
    p.match && sql`${oneUseStates.payload} @> ${JSON.stringify(p.match)}::jsonb`,
  );
}

export async function insertOneUseState(
  db: Queryable,
  p: {
    kind: OneUseStateKind;
    keyHash: string;
    payload: object;
    browserHash: string | null;
    now: Date;
    expiresAt: Date;
  },
) {
  const { now, ...values } = p;
  await db.insert(oneUseStates).values({ ...values, createdAt: now });
}

/**
 * Uses the live row of this key up in one statement, so that two requests presenting it at once cannot both have
 * it; with `browserHash`, only the row bound to that browser (another browser's presentation leaves it alone).
 */
export async function useOneUseState(
  db: Queryable,
  p: { kind: OneUseStateKind; keyHash: string; now: Date; match?: object; browserHash?: string },
) {
  const [row] = await db
    .update(oneUseStates)
    .set({ usedAt: p.now })
    .where(
      and(live(p), p.browserHash === undefined ? undefined : eq(oneUseStates.browserHash, p.browserHash)),
    )
    .returning({ payload: oneUseStates.payload, browserHash: oneUseStates.browserHash });
  return row;
}

/** The live row of this key, left in place. */
export async function findOneUseState(
  db: Queryable,
  p: { kind: OneUseStateKind; keyHash: string; now: Date; match?: object },
) {
  const [row] = await db
    .select({ payload: oneUseStates.payload, browserHash: oneUseStates.browserHash })
    .from(oneUseStates)
    .where(live(p));
  return row;
}

/** Merges `patch` into the live row's payload (jsonb `||`); false when there is no such row. */
export async function mergeIntoOneUseState(
  db: Queryable,
  p: { kind: OneUseStateKind; keyHash: string; now: Date; match?: object; patch: object },
): Promise<boolean> {
  const rows = await db
    .update(oneUseStates)
    .set({ payload: sql`${oneUseStates.payload} || ${JSON.stringify(p.patch)}::jsonb` })
    .where(live(p))
    .returning({ id: oneUseStates.id });
  return rows.length > 0;
}

/** Deletes the rows used or expired before `before`; answers how many. */
export async function deleteSpentOneUseStates(db: Queryable, p: { before: Date }): Promise<number> {
  const rows = await db
    .delete(oneUseStates)
    .where(or(lt(oneUseStates.usedAt, p.before), lt(oneUseStates.expiresAt, p.before)))
    .returning({ id: oneUseStates.id });
  return rows.length;
}
