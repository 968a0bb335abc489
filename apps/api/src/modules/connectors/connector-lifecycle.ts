import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { limitRequests } from "../auth";
import { connectionOwner } from "./connection-owner";
import {
  type ConnectionOwner,
  type ConnectionRow,
  findConnection,
  setConnectionStatus,
  setProperty,
} from "./connections.repo";
import type { ProviderDescriptor } from "./connector-kit";
import { findGrant, forgetGrant, type Revoker } from "./grant";
import { nextRefreshAfter } from "./refresh-schedule";
import { versionsNearSunset } from "./vendor-versions";

/**
 * The lifecycle every connector shares (docs/data-sources.md "The connector kit"), acting on the chosen brand's
 * connection (connection-owner.ts): read now, choose what is read, disconnect, and the times the screen shows. The
 * connect itself is the provider's (a key and channels, or an OAuth consent: consent.ts), and so is what its
 * connector looks like.
 */

/** The chosen brand's connection to the provider: with its grant for an OAuth connector; 409 NOT_CONNECTED without. */
export async function requireConnection(
  ctx: RequestCtx,
  descriptor: ProviderDescriptor,
): Promise<{ owner: ConnectionOwner; connection: ConnectionRow }> {
  const owner = await connectionOwner(ctx);
  const p = { ...owner, provider: descriptor.provider };
  if (descriptor.auth.kind === "oauth") {
    return { owner, connection: await findGrant(ctx.db, p, descriptor.notConnected) };
  }
  const connection = await findConnection(ctx.db, p);
  if (!connection) throw new AppError("NOT_CONNECTED", 409, descriptor.notConnected);
  return { owner, connection };
}

/**
 * Reads the chosen brand's connection again now (POST …/refresh): `refuse` throws when nothing can be read until
 * the user acts (a 409 saying what to do) or the platform lets it (its quota, its rate limit); then within the
 * provider's refresh limit per brand, the connection marked as being read and its job queued with it.
 */
export async function readNow(
  ctx: RequestCtx,
  descriptor: ProviderDescriptor,
  refuse: (connection: ConnectionRow, now: Date) => void = () => {},
): Promise<ConnectionOwner> {
  const { owner, connection } = await requireConnection(ctx, descriptor);
  refuse(connection, ctx.clock.now());
  await limitRequests(
    ctx,
    { key: `${descriptor.slug}:${owner.brandId}`, ...descriptor.refreshLimit },
    (wait) => `${descriptor.name} was read a moment ago. You can read it again in ${wait}.`,
  );
  await ctx.db.transaction(async (tx) => {
    await setConnectionStatus(tx, { id: connection.id, status: "reading", reason: null });
    await ctx.jobs.enqueue(descriptor.job, owner, { tx });
  });
  return owner;
}

/**
 * Chooses which of what the grant can read is read (a Search Console property, a Google Ads account, the Instagram
 * account reads go through; PUT /connectors/<slug>): one of `listed` or 400 with `message` at `path`; then read.
 */
export async function chooseWhatIsRead(
  ctx: RequestCtx,
  descriptor: ProviderDescriptor,
  p: {
    chosen: string;
    listed: (connection: ConnectionRow) => string[];
    path: string;
    message: string;
    /** Throws when nothing can be chosen until the user acts otherwise. */
    refuse?: (connection: ConnectionRow) => void;
  },
): Promise<ConnectionOwner> {
  const { owner, connection } = await requireConnection(ctx, descriptor);
  p.refuse?.(connection);
  if (!p.listed(connection).includes(p.chosen)) {
    throw new AppError("VALIDATION_FAILED", 400, p.message, [{ path: p.path, message: p.message }]);
  }
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, { id: connection.id, property: p.chosen, status: "reading", reason: null });
    await ctx.jobs.enqueue(descriptor.job, owner, { tx });
  });
  return owner;
}

/**
 * Forgets the chosen brand's connection and what it holds; an OAuth grant is then released at the platform
 * (`revoker`, grant.ts: only when no other connection still holds it). What was read stays with the brands.
 */
export const disconnect = (ctx: RequestCtx, descriptor: ProviderDescriptor, revoker?: Revoker) =>
  forgetGrant(ctx, descriptor.provider, revoker);

/** A stored time as the contract writes it; null when there is none. */
export const isoOf = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * The times a connector shows: its last run and last success, and its next daily read, none while the connection
 * waits for the user (`waiting`).
 */
export function runTimes(
  connection: Pick<ConnectionRow, "lastRunAt" | "lastSuccessAt">,
  p: { workspaceId: string; now: Date; waiting: boolean },
) {
  return {
    lastSuccessAt: isoOf(connection.lastSuccessAt),
    lastRunAt: isoOf(connection.lastRunAt),
    nextRunAt: p.waiting ? null : nextRefreshAfter(p.workspaceId, p.now).toISOString(),
  };
}

/** A time the platform asked to wait until, while it is still ahead. */
export const untilAhead = (until: Date | null, now: Date) =>
  until && until > now ? until.toISOString() : null;

/**
 * The provider's API version while within SUNSET_WARNING_DAYS of its sunset (vendor-versions.ts), for the screen to
 * say that the operator must update; null otherwise, and for a platform without dated versions.
 */
export const sunsetNotice = (descriptor: ProviderDescriptor, now: Date) =>
  descriptor.version ? (versionsNearSunset(now, [descriptor.version])[0] ?? null) : null;
