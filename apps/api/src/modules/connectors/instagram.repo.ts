import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ConnectorStatus, connections, type InstagramAccount } from "../../db/schema";
import { type ConnectionOwner, type ConnectionRow, connectionKey } from "./connections.repo";

/** Stores a new grant: the sealed long-lived user token, when it expires, the accounts it reads through and the one chosen. */
export async function saveInstagramConnection(
  db: Queryable,
  p: ConnectionOwner & {
    sealedCredential: string;
    credentialExpiresAt: Date | null;
    accounts: InstagramAccount[];
    account: string | null;
    status: ConnectorStatus;
    reason: string | null;
  },
): Promise<ConnectionRow> {
  const values = {
    sealedCredential: p.sealedCredential,
    credentialExpiresAt: p.credentialExpiresAt,
    accounts: p.accounts,
    property: p.account,
    status: p.status,
    statusReason: p.reason,
    rateLimitedUntil: null,
  };
  const [row] = await db
    .insert(connections)
    .values({ workspaceId: p.workspaceId, brandId: p.brandId, provider: "instagram", ...values })
    .onConflictDoUpdate({ target: connectionKey, set: values })
    .returning();
  if (!row) throw new Error("The connection was not stored");
  return row;
}

/** Until when Meta's rate limit holds (null: it does not). */
export async function setRateLimitedUntil(db: Queryable, p: { id: string; until: Date | null }) {
  await db.update(connections).set({ rateLimitedUntil: p.until }).where(eq(connections.id, p.id));
}
