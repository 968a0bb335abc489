import type { Queryable } from "../../db/client";
import type { ConnectorProvider } from "../../db/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { connectionOwner } from "./connection-owner";
import {
  type ConnectionOwner,
  type ConnectionRow,
  deleteConnection,
  findConnection,
  holdsGrantInWorkspace,
  mayHoldGoogleGrant,
} from "./connections.repo";

/**
 * What the OAuth connectors (Search Console, Google Ads, Instagram) do alike with the grant their consent
 * (consent.ts) gave: require it before acting on the connection, and forget it on disconnect.
 */
export type Granted = ConnectionRow & { sealedCredential: string };

/** The brand's connection to the provider with its sealed grant; 409 NOT_CONNECTED (`missing`) without one. */
export async function findGrant(
  db: Queryable,
  p: ConnectionOwner & { provider: ConnectorProvider },
  missing: string,
): Promise<Granted> {
  const connection = await findConnection(db, p);
  if (!connection?.sealedCredential) throw new AppError("NOT_CONNECTED", 409, missing);
  return connection as Granted;
}

/** How a provider's grant is revoked, given the connection that held it (already forgotten). */
export interface Revoker {
  revoke(token: string, connection: ConnectionRow): Promise<unknown>;
}

/**
 * Disconnects the chosen brand (connection-owner.ts): forgets its connection and its grant, then revokes the grant at the provider with `client` (best
 * effort, and not at all while the server has no client); what was read stays with the brands.
 */
export async function forgetGrant(
  ctx: RequestCtx,
  provider: ConnectorProvider,
  client: Revoker | undefined,
): Promise<undefined> {
  const owner = await connectionOwner(ctx);
  const connection = await findConnection(ctx.db, { ...owner, provider });
  await deleteConnection(ctx.db, { ...owner, provider });
  if (client && connection?.sealedCredential) {
    let token: string | undefined;
    try {
      token = await ctx.keys.seal.open(connection.sealedCredential);
    } catch {
      // Sealed under a key since replaced: nothing to revoke with.
    }
    if (token) await client.revoke(token, connection);
  }
  return undefined;
}

/**
 * Revokes a Google grant unless a stored connection may still hold it (connections.repo.ts mayHoldGoogleGrant).
 * Google's revoke ends the whole grant of a Google account to our OAuth client, whatever the scopes and whichever of
 * its tokens is sent (developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke): revoking for one
 * connector would silently stop every other connection of that account, of another brand or another workspace. Answers
 * whether it revoked.
 */
export async function releaseGoogleGrant(
  db: Queryable,
  google: { revoke(token: string): Promise<void> },
  grant: { refreshToken: string; subject: string | null; workspaceId: string },
): Promise<boolean> {
  if (await mayHoldGoogleGrant(db, { subject: grant.subject, workspaceId: grant.workspaceId })) return false;
  await google.revoke(grant.refreshToken);
  return true;
}

/** A Google connector's Revoker for forgetGrant: it releases rather than revokes. */
export const googleRevoker = (
  db: Queryable,
  google: { revoke(token: string): Promise<void> } | undefined,
): Revoker | undefined =>
  google && {
    revoke: (token, connection) =>
      releaseGoogleGrant(db, google, {
        refreshToken: token,
        subject: connection.accountSubject,
        workspaceId: connection.workspaceId,
      }),
  };

/**
 * Removes our Meta app's permissions for a Facebook user (DELETE /me/permissions) unless another brand of the
 * workspace still holds an Instagram grant: the permissions are the user's for the app, whichever token asks, so
 * removing them for one brand would stop another brand's connection of the same Facebook user
 * (developers.facebook.com/docs/graph-api/reference/user/permissions/, "Revoking Permissions"). Answers whether it revoked.
 */
export async function releaseMetaGrant(
  db: Queryable,
  meta: { revoke(token: string): Promise<void> },
  grant: { token: string; workspaceId: string },
): Promise<boolean> {
  if (await holdsGrantInWorkspace(db, { workspaceId: grant.workspaceId, provider: "instagram" }))
    return false;
  await meta.revoke(grant.token);
  return true;
}

/** The Instagram connector's Revoker for forgetGrant: it releases rather than revokes. */
export const metaRevoker = (
  db: Queryable,
  meta: { revoke(token: string): Promise<void> } | undefined,
): Revoker | undefined =>
  meta && {
    revoke: (token, connection) => releaseMetaGrant(db, meta, { token, workspaceId: connection.workspaceId }),
  };
