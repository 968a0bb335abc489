import { and, eq, gt, lte } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ConnectorProvider, connectorAuthorizations, users } from "../../db/schema";

/** An OAuth consent under way (Search Console, Google Ads, Instagram): see connectorAuthorizations. */
export async function insertAuthorization(
  db: Queryable,
  p: {
    provider: ConnectorProvider;
    stateHash: string;
    browserHash: string;
    workspaceId: string;
    /** The brand whose connection the consent is for; null only for consents started before brands had their own. */
    brandId: string | null;
    userId: string;
    codeVerifier: string;
    now: Date;
    expiresAt: Date;
  },
) {
  await db.insert(connectorAuthorizations).values({ ...p, createdAt: p.now });
}

/**
 * Takes (deletes and returns) the unexpired consent of this state started in this browser for this provider:
 * single use. A state presented by another browser is left alone, so that a stranger cannot spend the user's
 * consent.
 */
export async function takeAuthorization(
  db: Queryable,
  p: { provider: ConnectorProvider; stateHash: string; browserHash: string; now: Date },
) {
  const [row] = await db
    .delete(connectorAuthorizations)
    .where(
      and(
        eq(connectorAuthorizations.stateHash, p.stateHash),
        eq(connectorAuthorizations.browserHash, p.browserHash),
        eq(connectorAuthorizations.provider, p.provider),
        gt(connectorAuthorizations.expiresAt, p.now),
      ),
    )
    .returning();
  return row;
}

/** Housekeeping: consents abandoned at the provider. */
export async function deleteExpiredAuthorizations(db: Queryable, p: { now: Date }) {
  await db.delete(connectorAuthorizations).where(lte(connectorAuthorizations.expiresAt, p.now));
}

/** Whether the user still belongs to the workspace (a consent outlives no change of membership). */
export async function isMember(db: Queryable, p: { userId: string; workspaceId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
  return row !== undefined;
}
