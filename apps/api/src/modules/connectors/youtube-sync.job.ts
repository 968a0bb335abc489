import type { JobContext } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { URL_FROM_ID } from "../brand";
import {
  type ConnectionRow,
  saveChannelReading,
  upsertChannelAudience,
  upsertChannelVideos,
} from "./connections.repo";
import { type FailureCause, type SyncJobData, utcTimeOf } from "./connector-kit";
import { type ConnectorSync, failedWith, runConnectorSync } from "./connector-sync";
import {
  countOperatorSearches,
  findSearchTargets,
  recordCreatorSearch,
  storeFoundChannels,
} from "./creator-search.repo";
import { withRecentVideos } from "./found-creators";
import { YOUTUBE } from "./youtube.provider";
import { allowanceSpentReason, youtubeAllowance } from "./youtube-allowance";
import {
  SEARCH_UNITS,
  subscriberRounding,
  type YoutubeClient,
  YoutubeError,
  type YoutubeFailure,
  youtubeClient,
} from "./youtube-api";
import { type ConnectorBrand, connectorBrands } from "./youtube-brands";
import { ChannelRefError, parseChannelRef } from "./youtube-channel-ref";
import { quotaDayOf, quotaResetAfter, unitsSpentToday } from "./youtube-quota";

/** The newest uploads read per channel: two playlist pages and two video pages, at most 5 units a channel. */
const VIDEOS_PER_CHANNEL = 100;
const UNITS_PER_CHANNEL = 5;

/** Channels kept from one creator search, and how often a brand searches again (issue 28: refreshed weekly). */
export const CHANNELS_PER_SEARCH = 10;
const SEARCH_EVERY_MS = 7 * 24 * 3_600_000;

const CAUSE_OF = {
  quota: "quota",
  key: "key_rejected",
  not_found: "refused",
  unavailable: "unavailable",
} as const satisfies Record<YoutubeFailure, FailureCause>;

/** The API key a connection reads with: the workspace's own (sealed), else the operator's. */
async function apiKeyOf(deps: WorkerDeps, connection: ConnectionRow) {
  return connection.sealedCredential
    ? await deps.keys.seal.open(connection.sealedCredential)
    : deps.config.youtube.operatorKey;
}

/**
 * Reads the YouTube channels of a brand and its competitors (youtube.service.ts connects them) on the kit's sync
 * job shape (connector-sync.ts): each channel's subscribers as the brand's YouTube audience of the day, and its
 * newest videos with their statistics as the brand's YouTube posts; then the brands' figures are recomputed. Within
 * the daily quota; the quota recorded is the units spent on YouTube's quota day.
 */
export const YOUTUBE_SYNC: ConnectorSync<YoutubeClient> = {
  descriptor: YOUTUBE,
  async open(deps, { connection, now }) {
    const apiKey = await apiKeyOf(deps, connection);
    if (!apiKey) {
      return {
        outcome: {
          status: "key_rejected",
          reason: "No YouTube API key: enter one to connect YouTube.",
          quotaUsed: unitsSpentToday(connection, now),
        },
      };
    }
    return { client: youtubeClient({ baseUrl: deps.config.youtube.baseUrl, apiKey }) };
  },
  async read(deps, { owner, connection, now }, client) {
    const allowance = await youtubeAllowance(deps.db, deps.config, connection, now);
    const budget = allowance.dailyQuota - allowance.usedToday;
    const brands = (await connectorBrands(deps.db, owner.workspaceId, owner.brandId)).filter(
      (b) => b.channel !== null,
    );
    const brandChannels = new Set<string>();
    for (const entry of brands) {
      if (budget - client.unitsSpent < UNITS_PER_CHANNEL) {
        return {
          status: "quota_exhausted",
          reason: allowanceSpentReason(allowance, utcTimeOf(quotaResetAfter(now))),
        };
      }
      const read = await readChannel(deps, client, connection.id, entry, now);
      if (read) brandChannels.add(read);
    }
    // The operator's key is shared by every workspace: its searches are counted per workspace and day.
    const keySource = connection.sealedCredential ? "workspace" : "operator";
    const searchesLeft =
      keySource === "workspace"
        ? Number.POSITIVE_INFINITY
        : deps.config.youtube.operatorSearchesPerDay -
          (await countOperatorSearches(deps.db, {
            workspaceId: owner.workspaceId,
            quotaDay: quotaDayOf(now),
          }));
    await searchCreators(deps, client, {
      workspaceId: owner.workspaceId,
      brandId: owner.brandId,
      budget,
      searchesLeft,
      keySource,
      now,
      brandChannels,
    });
    deps.log.info(
      { workspaceId: owner.workspaceId, channels: brands.length, units: client.unitsSpent },
      "YouTube read",
    );
    return { status: "connected", reason: null };
  },
  classify: (error) =>
    error instanceof YoutubeError ? { cause: CAUSE_OF[error.failure], error } : undefined,
  async failed(_deps, { now }, failure) {
    switch (failure.cause) {
      case "quota":
        return failedWith(
          failure,
          `YouTube's quota for this key is used up: reading resumes at ${utcTimeOf(quotaResetAfter(now))}.`,
        );
      case "key_rejected":
        return failedWith(
          failure,
          "YouTube refused the API key: check it in the Google Cloud console, then enter it again.",
        );
      default:
        return failedWith(
          { ...failure, cause: "unavailable" },
          "YouTube did not answer: the channels are read again at the next refresh.",
        );
    }
  },
  quotaUsed: ({ connection, now }, client) => unitsSpentToday(connection, now) + (client?.unitsSpent ?? 0),
};

export const syncYoutubeJob = (deps: WorkerDeps, data: SyncJobData, job: JobContext) =>
  runConnectorSync(deps, data, job, YOUTUBE_SYNC);

/** One brand's channel: its audience and videos stored together, or why it could not be read. Its id when found. */
async function readChannel(
  deps: WorkerDeps,
  client: YoutubeClient,
  connectionId: string,
  { brand, channel }: ConnectorBrand,
  now: Date,
): Promise<string | undefined> {
  const reading = { connectionId, brandId: brand.id, readAt: now, title: null, subscribers: null };
  let found: Awaited<ReturnType<YoutubeClient["channel"]>>;
  try {
    found = await client.channel(parseChannelRef(channel ?? ""));
  } catch (error) {
    if (!(error instanceof ChannelRefError)) throw error;
    await saveChannelReading(deps.db, { ...reading, problem: error.message });
    return undefined;
  }
  if (!found) {
    await saveChannelReading(deps.db, {
      ...reading,
      problem: "YouTube has no channel at this address (any more): check the link.",
    });
    return undefined;
  }
  let videos: Awaited<ReturnType<YoutubeClient["videos"]>> = [];
  if (found.uploadsPlaylistId) {
    try {
      videos = await client.videos(await client.uploads(found.uploadsPlaylistId, VIDEOS_PER_CHANNEL));
    } catch (error) {
      // A channel without public uploads answers 404 for its playlist: its audience is still worth keeping.
      if (!(error instanceof YoutubeError && error.failure === "not_found")) throw error;
    }
  }
  const day = now.toISOString().slice(0, 10);
  await deps.db.transaction(async (tx) => {
    // A hidden count stays unknown (no row), never 0; a shown one is rounded by YouTube, and stored as such.
    if (found.subscribers !== null) {
      await upsertChannelAudience(tx, {
        brandId: brand.id,
        day,
        followers: found.subscribers,
        roundedTo: subscriberRounding(found.subscribers),
      });
    }
    await upsertChannelVideos(tx, {
      brandId: brand.id,
      videos: videos.map((v) => ({
        url: URL_FROM_ID.youtube(v.id),
        postedAt: v.publishedAt,
        title: v.title,
        views: v.views,
        // A hidden like count or a comment count the API leaves out is unknown, never 0
        // (docs/analytics-methods.md §0): engagement figures leave the video out.
        likes: v.likes,
        comments: v.comments,
      })),
    });
    await saveChannelReading(tx, {
      ...reading,
      title: found.title,
      subscribers: found.subscribers,
      problem: found.subscribers === null ? "The channel hides its subscriber count." : null,
    });
    await deps.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
  });
  return found.id;
}

/**
 * YouTube channels for an own brand's creator pool (docs/analytics-methods.md §4.8): once a week per brand, one
 * search.list for channels by the brand's three keywords of most searches ("a|b|c", YouTube's OR), then the
 * channels' statistics by channels.list. Skipped for a brand without keywords, and when what is left of the day's
 * quota after the channel reads cannot pay for it: the channels of the brands come first.
 */
async function searchCreators(
  deps: WorkerDeps,
  client: YoutubeClient,
  o: {
    workspaceId: string;
    /** The brand whose connection runs: its creator pool is the one searched for. */
    brandId: string;
    budget: number;
    /** Searches the workspace may still make today: capped with the operator's key, unbounded with its own. */
    searchesLeft: number;
    keySource: "workspace" | "operator";
    now: Date;
    brandChannels: ReadonlySet<string>;
  },
) {
  let searchesLeft = o.searchesLeft;
  const targets = (await findSearchTargets(deps.db, o.workspaceId)).filter((t) => t.brandId === o.brandId);
  for (const target of targets) {
    if (target.keywords.length === 0) continue;
    if (target.lastSearch && o.now.getTime() - target.lastSearch.getTime() < SEARCH_EVERY_MS) continue;
    // A brand left over waits for a later day's run, when the cap or the quota allows again.
    if (searchesLeft <= 0 || o.budget - client.unitsSpent < SEARCH_UNITS + 1) return;
    searchesLeft -= 1;
    // The brands' own channels (its own and its competitors') are not creators to work with.
    const ids = (await client.searchChannels(target.keywords.join("|"), CHANNELS_PER_SEARCH)).filter(
      (id) => !o.brandChannels.has(id),
    );
    const channels = await withRecentVideos(client, await client.channelProfiles(ids));
    await deps.db.transaction(async (tx) => {
      await recordCreatorSearch(tx, {
        workspaceId: o.workspaceId,
        brandId: target.brandId,
        searchedAt: o.now,
        quotaDay: quotaDayOf(o.now),
        keySource: o.keySource,
        channels: channels.length,
      });
      await storeFoundChannels(tx, {
        workspaceId: o.workspaceId,
        brandId: target.brandId,
        channels,
        now: o.now,
      });
      await deps.jobs.enqueue("compute-brand", { brandId: target.brandId }, { tx });
    });
    deps.log.info({ brandId: target.brandId, channels: channels.length }, "YouTube creators found");
  }
}
