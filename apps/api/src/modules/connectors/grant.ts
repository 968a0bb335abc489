import type { Queryable } from "../../db/client";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { unseal } from "../../lib/crypto";
import { type ConnectionRow, deleteConnection, findConnection } from "./connections.repo";
import type { ConsentFlow } from "./consent";

/**
 * What the OAuth connectors (Search Console, Google Ads, Instagram) do alike with the grant their consent
 * (consent.ts) gave: require it before acting on the connection, and forget it on disconnect.
 */
export type Granted = ConnectionRow & { sealedCredential: string };

/** The workspace's connection to the provider with its sealed grant; 409 NOT_CONNECTED (`missing`) without one. */
export async function findGrant(
  db: Queryable,
  p: { workspaceId: string; provider: ConsentFlow["provider"] },
  missing: string,
): Promise<Granted> {
  const connection = await findConnection(db, p);
  if (!connection?.sealedCredential) throw new AppError("NOT_CONNECTED", 409, missing);
  return connection as Granted;
}

/**
 * Disconnects: forgets the connection and its grant, then revokes the grant at the provider with `client` (best
 * effort, and not at all while the server has no client); what was read stays with the brands.
 */
export async function forgetGrant(
  ctx: RequestCtx,
  provider: ConsentFlow["provider"],
  client: { revoke(token: string): Promise<void> } | undefined,
): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  const connection = await findConnection(ctx.db, { workspaceId, provider });
  await deleteConnection(ctx.db, { workspaceId, provider });
  if (client && connection?.sealedCredential) {
    let token: string | undefined;
    try {
      token = unseal(ctx.keys.seal, connection.sealedCredential);
    } catch {
      // Sealed under a key since replaced: nothing to revoke with.
    }
    if (token) await client.revoke(token);
  }
  return undefined;
}
