import { lte, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { samlUsedAssertions } from "../../../db/schema";
import type { SamlReplayGuard } from "./replay-guard";

/**
 * Claims an assertion in one statement, so that two servers (or two tabs) posting it at once cannot both win. A
 * row past its expiry that housekeeping has not deleted yet counts as free.
 */
export async function claimSamlAssertion(
  db: Queryable,
  p: { issuer: string; assertionId: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(samlUsedAssertions)
    .values({ issuer: p.issuer, assertionId: p.assertionId, expiresAt: p.expiresAt })
    .onConflictDoUpdate({
      target: [samlUsedAssertions.issuer, samlUsedAssertions.assertionId],
      set: { expiresAt: sql`excluded.expires_at` },
      setWhere: lte(samlUsedAssertions.expiresAt, p.now),
    })
    .returning({ assertionId: samlUsedAssertions.assertionId });
  return rows.length === 1;
}

/** The replay guard `verifySamlResponse` takes, on PostgreSQL. */
export function postgresReplayGuard(db: Queryable): SamlReplayGuard {
  return { claim: (p) => claimSamlAssertion(db, p) };
}

/** Housekeeping: assertions that can no longer be accepted anyway. */
export async function deleteExpiredSamlAssertions(db: Queryable, p: { now: Date }) {
  await db.delete(samlUsedAssertions).where(lte(samlUsedAssertions.expiresAt, p.now));
}
