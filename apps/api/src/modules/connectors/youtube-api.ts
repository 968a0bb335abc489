import type { youtube_v3 } from "@googleapis/youtube";
import { answerOfFailure, youtubeApi } from "./google-vendor";

/**
 * The YouTube Data API v3 calls a connector makes, through Google's Node client `@googleapis/youtube`
 * (google-vendor.ts), whose types (youtube_v3.Params$…, youtube_v3.Schema$…) are the requests and answers:
 * channels.list, playlistItems.list and videos.list, each 1 quota unit, and search.list for channels, counted as 100
 * units (docs/data-sources.md "YouTube creator search"), made only to find an own brand's creators with the
 * workspace's own key. Every call has a timeout; the key goes in the query (the client's `key` parameter), as Google
 * documents for API keys, and never into a log.
 */

const TIMEOUT_MS = 10_000;
/** The most a list call returns per page (the API's maxResults ceiling). */
export const PAGE_SIZE = 50;

/** Why a call failed, as the connector acts on it. */
export type YoutubeFailure =
  /** The project's daily quota is spent (403 quotaExceeded) or calls come too fast (429, rateLimitExceeded). */
  | "quota"
  /** The key is not valid, or the API is not enabled for its project (400 keyInvalid, 403 accessNotConfigured…). */
  | "key"
  /** The channel, playlist or video does not exist (any more). */
  | "not_found"
  /** A timeout, a 5xx or an answer we cannot read: worth another try later. */
  | "unavailable";

export class YoutubeError extends Error {
  override name = "YoutubeError";
  constructor(
    readonly failure: YoutubeFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface YoutubeClient {
  /** The channel of a reference (see youtube-channel-ref.ts); undefined when none matches. */
  channel(ref: ChannelRef): Promise<Channel | undefined>;
  /** Ids of the newest uploads of a playlist, newest first, at most `limit`. */
  uploads(playlistId: string, limit: number): Promise<string[]>;
  /** The videos' titles, dates and statistics (ids that no longer exist are left out). */
  videos(ids: string[]): Promise<Video[]>;
  /** Ids of the channels search.list finds for `q` (type=channel), best match first, at most `limit` (100 units). */
  searchChannels(q: string, limit: number): Promise<string[]>;
  /** The channels' profiles and statistics by id (channels.list, 1 unit a page of 50); unknown ids left out. */
  channelProfiles(ids: string[]): Promise<ChannelProfile[]>;
  /** Quota units the calls so far have cost. */
  readonly unitsSpent: number;
}

/** What channels.list says of a channel found by search: who it is and how many follow it. */
export interface ChannelProfile {
  id: string;
  title: string;
  description: string;
  /** "@name"; null when the channel has no handle. */
  customUrl: string | null;
  /** ISO 3166-1 alpha-2, when the channel says. */
  country: string | null;
  /** Null when the channel hides it. */
  subscribers: number | null;
  /** The playlist of its uploads, whose newest videos say what it posts and how they do. */
  uploadsPlaylistId: string | null;
}

/** What one search.list call costs (Google's quota table); every other call here costs 1. */
export const SEARCH_UNITS = 100;

export type ChannelRef =
  | { kind: "handle"; handle: string }
  | { kind: "id"; id: string }
  | { kind: "username"; username: string };

export interface Channel {
  id: string;
  title: string;
  /** Null when the channel hides it. */
  subscribers: number | null;
  uploadsPlaylistId: string | null;
}

export interface Video {
  id: string;
  title: string;
  publishedAt: Date;
  views: number | null;
  likes: number | null;
  comments: number | null;
}

/** Google's error body: `{ error: { code, message, errors: [{ reason, domain }], details: [{ reason }] } }`. */
interface ErrorBody {
  error?: {
    code?: number;
    message?: string;
    errors?: { reason?: string }[];
    details?: { reason?: string }[];
  };
}

const KEY_REASONS = new Set([
  "keyInvalid",
  "keyExpired",
  "accessNotConfigured",
  "forbidden",
  "ipRefererBlocked",
]);
const QUOTA_REASONS = new Set([
  "quotaExceeded",
  "rateLimitExceeded",
  "dailyLimitExceeded",
  "userRateLimitExceeded",
]);

function failureOf(status: number, body: ErrorBody): YoutubeError {
  const reasons = [
    ...(body.error?.errors ?? []).map((e) => e.reason),
    ...(body.error?.details ?? []).map((d) => d.reason),
  ].filter((r): r is string => typeof r === "string");
  const message = body.error?.message ?? `YouTube answered ${status}`;
  if (status === 429 || reasons.some((r) => QUOTA_REASONS.has(r))) return new YoutubeError("quota", message);
  if (reasons.some((r) => KEY_REASONS.has(r) || r === "API_KEY_INVALID" || r === "API_KEY_EXPIRED")) {
    return new YoutubeError("key", message);
  }
  if (status === 404) return new YoutubeError("not_found", message);
  if (status === 400 || status === 401 || status === 403) return new YoutubeError("key", message);
  return new YoutubeError("unavailable", message);
}

/**
 * The rounding step of a subscriber count as the API gives it: since September 2019 `statistics.subscriberCount`
 * is the public, abbreviated count, rounded down to three significant figures (the channels resource,
 * developers.google.com/youtube/v3/docs/channels, and its revision history; help.rivaliq.com "Why YouTube
 * Subscriber Counts are Rounded"), so 12,345 reads 12,300 with step 100 = 10^(digits − 3); under 1,000 it is exact.
 */
export function subscriberRounding(subscribers: number): number {
  const digits = String(Math.max(0, Math.trunc(subscribers))).length;
  return 10 ** Math.max(0, digits - 3);
}

const isObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A count the API sends as a string ("12345"); null when absent or unreadable. */
function count(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? Math.min(n, 2_147_483_647) : null;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export function youtubeClient(o: { baseUrl: string; apiKey: string; fetch?: typeof fetch }): YoutubeClient {
  let unitsSpent = 0;
  let client: Promise<youtube_v3.Youtube> | undefined;

  /**
   * One call of Google's client, counted at `units` before it is sent (a refused call costs quota too): the key
   * goes as the client's `auth` (its `key` parameter); a refusal is classed (failureOf), and an answer that is not
   * JSON is YouTube being unavailable.
   */
  async function call<T>(
    resource: string,
    units: number,
    send: (api: youtube_v3.Youtube, auth: string) => Promise<{ data: T }>,
  ): Promise<T> {
    client ??= youtubeApi({ baseUrl: o.baseUrl, fetch: o.fetch, timeoutMs: TIMEOUT_MS });
    const api = await client;
    unitsSpent += units;
    let data: T;
    try {
      ({ data } = await send(api, o.apiKey));
    } catch (error) {
      const answer = await answerOfFailure(error);
      if (!answer) throw error;
      if (answer.status === null) throw new YoutubeError("unavailable", `YouTube did not answer ${resource}`);
      if (!isObject(answer.body)) {
        throw new YoutubeError(
          "unavailable",
          `YouTube's answer to ${resource} was not JSON (${answer.status})`,
        );
      }
      throw failureOf(answer.status, answer.body as ErrorBody);
    }
    if (!isObject(data))
      throw new YoutubeError("unavailable", `YouTube's answer to ${resource} was not JSON`);
    return data;
  }

  /** channels.list or videos.list by ids, 50 a page (1 unit each); ids the API does not know are left out. */
  async function byIds<T, Item extends { id?: string | null }>(
    resource: "videos" | "channels",
    ids: readonly string[],
    page: (ids: string[]) => (api: youtube_v3.Youtube, auth: string) => Promise<{ data: { items?: Item[] } }>,
    read: (id: string, item: Item) => T | undefined,
  ): Promise<T[]> {
    const found: T[] = [];
    for (let start = 0; start < ids.length; start += PAGE_SIZE) {
      const body = await call(resource, 1, page(ids.slice(start, start + PAGE_SIZE)));
      for (const item of list(body.items)) {
        const id = text(item?.id);
        const value = id ? read(id, item) : undefined;
        if (value !== undefined) found.push(value);
      }
    }
    return found;
  }

  /** A channel's subscribers, null when it hides them (statistics.hiddenSubscriberCount). */
  const subscribersOf = (statistics: youtube_v3.Schema$ChannelStatistics | undefined) =>
    statistics?.hiddenSubscriberCount === true ? null : count(statistics?.subscriberCount);

  return {
    get unitsSpent() {
      return unitsSpent;
    },

    async channel(ref) {
      const which: youtube_v3.Params$Resource$Channels$List =
        ref.kind === "handle"
          ? { forHandle: ref.handle }
          : ref.kind === "id"
            ? { id: [ref.id] }
            : { forUsername: ref.username };
      const body = await call("channels", 1, (api, auth) =>
        api.channels.list({
          auth,
          part: ["snippet", "statistics", "contentDetails"],
          ...which,
          maxResults: 1,
        }),
      );
      const item = list(body.items)[0];
      const id = text(item?.id);
      if (!item || !id) return undefined;
      return {
        id,
        title: text(item.snippet?.title) || id,
        subscribers: subscribersOf(item.statistics),
        uploadsPlaylistId: text(item.contentDetails?.relatedPlaylists?.uploads) || null,
      };
    },

    async uploads(playlistId, limit) {
      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const token = pageToken;
        const body = await call("playlistItems", 1, (api, auth) =>
          api.playlistItems.list({
            auth,
            part: ["contentDetails"],
            playlistId,
            maxResults: PAGE_SIZE,
            ...(token ? { pageToken: token } : {}),
          }),
        );
        for (const item of list(body.items)) {
          const videoId = text(item?.contentDetails?.videoId);
          if (videoId && ids.length < limit) ids.push(videoId);
        }
        pageToken = text(body.nextPageToken) || undefined;
      } while (pageToken && ids.length < limit);
      return ids;
    },

    videos: (ids) =>
      byIds(
        "videos",
        ids,
        (page) => (api, auth) =>
          api.videos.list({ auth, part: ["snippet", "statistics"], id: page, maxResults: PAGE_SIZE }),
        (id, item: youtube_v3.Schema$Video) => {
          const publishedAt = new Date(text(item.snippet?.publishedAt));
          if (Number.isNaN(publishedAt.getTime())) return undefined;
          return {
            id,
            title: text(item.snippet?.title),
            publishedAt,
            views: count(item.statistics?.viewCount),
            likes: count(item.statistics?.likeCount),
            comments: count(item.statistics?.commentCount),
          };
        },
      ),

    async searchChannels(q, limit) {
      const body = await call("search", SEARCH_UNITS, (api, auth) =>
        api.search.list({
          auth,
          part: ["snippet"],
          type: ["channel"],
          q,
          maxResults: Math.min(limit, PAGE_SIZE),
        }),
      );
      return list(body.items)
        .map((item) => text(item?.id?.channelId))
        .filter((id) => id !== "");
    },

    channelProfiles: (ids) =>
      byIds(
        "channels",
        ids,
        (page) => (api, auth) =>
          api.channels.list({
            auth,
            part: ["snippet", "statistics", "contentDetails"],
            id: page,
            maxResults: PAGE_SIZE,
          }),
        (id, item: youtube_v3.Schema$Channel) => ({
          id,
          title: text(item.snippet?.title) || id,
          description: text(item.snippet?.description),
          customUrl: text(item.snippet?.customUrl) || null,
          country: text(item.snippet?.country) || null,
          subscribers: subscribersOf(item.statistics),
          uploadsPlaylistId: text(item.contentDetails?.relatedPlaylists?.uploads) || null,
        }),
      ),
  };
}
