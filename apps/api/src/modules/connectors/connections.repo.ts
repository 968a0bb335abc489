import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  type ConnectorProvider,
  type ConnectorStatus,
  connectedChannels,
  connections,
  followerSnapshots,
  posts,
} from "../../db/schema";

export type ConnectionRow = typeof connections.$inferSelect;
export type ChannelReading = typeof connectedChannels.$inferSelect;

/** The unique key a brand's connection to a provider is stored under (for inserts that update). */
export const connectionKey = [connections.workspaceId, connections.brandId, connections.provider];

/** Whose connection: one of the workspace's own brands (each brand has its own connections). */
export interface ConnectionOwner {
  workspaceId: string;
  brandId: string;
}

/** The brand's connection to the provider. */
export async function findConnection(
  db: Queryable,
  p: ConnectionOwner & { provider: ConnectorProvider },
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.workspaceId, p.workspaceId),
        eq(connections.brandId, p.brandId),
        eq(connections.provider, p.provider),
      ),
    );
  return row;
}

/**
 * Whether a stored Google connection may still hold the grant of this Google account: one of the same account in any
 * workspace or brand (Google's grant is the account's to our OAuth client, not a workspace's or a brand's), or one in
 * this workspace (any of its brands) whose account is not known (stored before connections kept it); with no account
 * known, any Google connection of the workspace. Answers only yes or no: nothing of another workspace is read out.
 */
export async function mayHoldGoogleGrant(
  db: Queryable,
  p: { subject: string | null; workspaceId: string },
): Promise<boolean> {
  const inWorkspace = eq(connections.workspaceId, p.workspaceId);
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        inArray(connections.provider, ["search_console", "google_ads"]),
        isNotNull(connections.sealedCredential),
        p.subject === null
          ? inWorkspace
          : or(
              eq(connections.accountSubject, p.subject),
              and(inWorkspace, isNull(connections.accountSubject)),
            ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether another brand of the workspace still holds a grant of the provider (a connection with its credential).
 * Meta's permissions are the Facebook user's for our app, not a brand's: a brand may connect the same Facebook user
 * as another, so its revoke waits until no brand of the workspace holds one (grant.ts metaRevoker).
 */
export async function holdsGrantInWorkspace(
  db: Queryable,
  p: { workspaceId: string; provider: ConnectorProvider },
): Promise<boolean> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.workspaceId, p.workspaceId),
        eq(connections.provider, p.provider),
        isNotNull(connections.sealedCredential),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Creates or updates the brand's connection; `sealedCredential` undefined keeps the stored one. */
export async function saveConnection(
  db: Queryable,
  p: ConnectionOwner & {
    provider: ConnectorProvider;
    sealedCredential: string | undefined;
    status: ConnectorStatus;
  },
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(connections)
    .values({
      workspaceId: p.workspaceId,
      brandId: p.brandId,
      provider: p.provider,
      sealedCredential: p.sealedCredential ?? null,
      status: p.status,
    })
    .onConflictDoUpdate({
      target: connectionKey,
      set: {
        status: p.status,
        statusReason: null,
        ...(p.sealedCredential !== undefined ? { sealedCredential: p.sealedCredential } : {}),
      },
    })
    .returning();
  if (!row) throw new Error("The connection was not stored");
  return row;
}

export async function setConnectionStatus(
  db: Queryable,
  p: { id: string; status: ConnectorStatus; reason: string | null },
) {
  await db
    .update(connections)
    .set({ status: p.status, statusReason: p.reason })
    .where(eq(connections.id, p.id));
}

/** What an OAuth connection reads (a property, an account, a customer), with the status and sentence that follow. */
export async function setProperty(
  db: Queryable,
  p: { id: string; property: string; status: ConnectorStatus; reason: string | null },
) {
  await db
    .update(connections)
    .set({ property: p.property, status: p.status, statusReason: p.reason })
    .where(eq(connections.id, p.id));
}

/** Where a run ended: its status, when, and the quota spent on the provider's day. */
export async function recordRun(
  db: Queryable,
  p: {
    id: string;
    status: ConnectorStatus;
    reason: string | null;
    at: Date;
    succeeded: boolean;
    quotaDay: string;
    quotaUsed: number;
  },
) {
  await db
    .update(connections)
    .set({
      status: p.status,
      statusReason: p.reason,
      lastRunAt: p.at,
      ...(p.succeeded ? { lastSuccessAt: p.at } : {}),
      quotaDay: p.quotaDay,
      quotaUsed: p.quotaUsed,
    })
    .where(eq(connections.id, p.id));
}

/**
 * Every connection the daily refresh may read: all but those waiting for the user (a new key, a new consent, a
 * property to choose). One still marked as being read is included: a run whose worker died leaves it so, and the
 * queue keeps one run per brand and provider anyway.
 */
export function findRefreshableConnections(db: Queryable) {
  return db
    .select({
      workspaceId: connections.workspaceId,
      brandId: connections.brandId,
      provider: connections.provider,
      lastRunAt: connections.lastRunAt,
    })
    .from(connections)
    .where(notInArray(connections.status, ["key_rejected", "token_expired", "choose_property"]));
}

export async function deleteConnection(db: Queryable, p: ConnectionOwner & { provider: ConnectorProvider }) {
  await db
    .delete(connections)
    .where(
      and(
        eq(connections.workspaceId, p.workspaceId),
        eq(connections.brandId, p.brandId),
        eq(connections.provider, p.provider),
      ),
    );
}

export function findChannelReadings(db: Queryable, p: { connectionId: string }): Promise<ChannelReading[]> {
  return db.select().from(connectedChannels).where(eq(connectedChannels.connectionId, p.connectionId));
}

export async function saveChannelReading(
  db: Queryable,
  p: Omit<ChannelReading, "mediaCount"> & { mediaCount?: number | null },
) {
  const mediaCount = p.mediaCount ?? null;
  await db
    .insert(connectedChannels)
    .values({ ...p, mediaCount })
    .onConflictDoUpdate({
      target: [connectedChannels.connectionId, connectedChannels.brandId],
      set: { title: p.title, subscribers: p.subscribers, mediaCount, problem: p.problem, readAt: p.readAt },
    });
}

/**
 * An account's followers on `day` as the brand's audience on the platform (YouTube subscribers, Instagram
 * followers; one row a day: a later read replaces it).
 */
export async function upsertChannelAudience(
  db: Queryable,
  p: {
    brandId: string;
    day: string;
    followers: number;
    platform?: "youtube" | "instagram";
    /** The count's rounding step when the platform rounds it (YouTube); left out when exact. */
    roundedTo?: number;
  },
) {
  await db
    .insert(followerSnapshots)
    .values({
      brandId: p.brandId,
      platform: p.platform ?? "youtube",
      day: p.day,
      followers: p.followers,
      source: "provider",
      roundedTo: p.roundedTo ?? null,
    })
    .onConflictDoUpdate({
      target: [followerSnapshots.brandId, followerSnapshots.platform, followerSnapshots.day],
      set: {
        followers: sql`excluded.followers`,
        source: sql`excluded.source`,
        roundedTo: sql`excluded.rounded_to`,
        importId: null,
      },
    });
}

/** An Instagram account's media as the brand's Instagram posts, keyed by their permalink like an export's. */
export async function upsertInstagramPosts(
  db: Queryable,
  p: {
    brandId: string;
    media: {
      url: string;
      postedAt: Date;
      caption: string;
      format: string;
      likes: number | null;
      comments: number | null;
    }[];
  },
) {
  if (p.media.length === 0) return;
  await db
    .insert(posts)
    .values(
      p.media.map((m) => ({
        brandId: p.brandId,
        platform: "instagram" as const,
        url: m.url,
        postedAt: m.postedAt,
        text: m.caption,
        format: m.format,
        likes: m.likes,
        comments: m.comments,
        shares: null,
        views: null,
        source: "provider" as const,
      })),
    )
    .onConflictDoUpdate({
      target: [posts.brandId, posts.platform, posts.url],
      set: {
        postedAt: sql`excluded.posted_at`,
        text: sql`excluded.text`,
        format: sql`excluded.format`,
        likes: sql`excluded.likes`,
        comments: sql`excluded.comments`,
        source: sql`excluded.source`,
        importId: null,
      },
    });
}

/** A channel's videos as the brand's YouTube posts, keyed by their watch URL like an imported YouTube export's. */
export async function upsertChannelVideos(
  db: Queryable,
  p: {
    brandId: string;
    videos: {
      url: string;
      postedAt: Date;
      title: string;
      views: number | null;
      likes: number | null;
      comments: number | null;
    }[];
  },
) {
  if (p.videos.length === 0) return;
  await db
    .insert(posts)
    .values(
      p.videos.map((v) => ({
        brandId: p.brandId,
        platform: "youtube" as const,
        url: v.url,
        postedAt: v.postedAt,
        text: v.title,
        format: "video",
        likes: v.likes,
        comments: v.comments,
        shares: null,
        views: v.views,
        source: "provider" as const,
      })),
    )
    .onConflictDoUpdate({
      target: [posts.brandId, posts.platform, posts.url],
      set: {
        postedAt: sql`excluded.posted_at`,
        text: sql`excluded.text`,
        likes: sql`excluded.likes`,
        comments: sql`excluded.comments`,
        views: sql`excluded.views`,
        source: sql`excluded.source`,
        importId: null,
      },
    });
}

/**
 * The operator's YouTube key as the workspaces use it on a quota day: how many workspaces have a YouTube connection
 * without a key of their own (the one asking counted, connected or about to be), and the units `workspaceId`'s
 * connections spent on it that day, all its brands together.
 */
export async function operatorKeyUse(
  db: Queryable,
  p: { workspaceId: string; quotaDay: string },
): Promise<{ workspaces: number; spent: number }> {
  const [row] = await db
    .select({
      others:
        sql<number>`count(distinct ${connections.workspaceId}) filter (where ${connections.workspaceId} <> ${p.workspaceId})`.mapWith(
          Number,
        ),
      spent:
        sql<number>`coalesce(sum(${connections.quotaUsed}) filter (where ${connections.workspaceId} = ${p.workspaceId} and ${connections.quotaDay} = ${p.quotaDay}), 0)`.mapWith(
          Number,
        ),
    })
    .from(connections)
    .where(and(eq(connections.provider, "youtube"), isNull(connections.sealedCredential)));
  return { workspaces: (row?.others ?? 0) + 1, spent: row?.spent ?? 0 };
}
