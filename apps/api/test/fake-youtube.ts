import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { youtube_v3 } from "@googleapis/youtube";
import type { GoogleApiErrorBody } from "../src/modules/connectors/google-vendor";
import channelsFixture from "./fixtures/youtube/channels.json" with { type: "json" };
import creatorChannelsFixture from "./fixtures/youtube/creator-channels.json" with { type: "json" };
import keyInvalidFixture from "./fixtures/youtube/error-key-invalid.json" with { type: "json" };
import playlistNotFoundFixture from "./fixtures/youtube/error-playlist-not-found.json" with { type: "json" };
import quotaExceededFixture from "./fixtures/youtube/error-quota-exceeded.json" with { type: "json" };
import videosFixture from "./fixtures/youtube/videos.json" with { type: "json" };
import { vendorShaped } from "./vendor-shape";

/*
 * A local stand-in for the YouTube Data API v3 (its base URL goes in YOUTUBE_API_BASE_URL): channels.list,
 * playlistItems.list, videos.list and search.list for channels answered from test/fixtures/youtube/ in Google's
 * documented shapes, with the API's paging (maxResults, nextPageToken) and errors. The connector's real client runs against it. Used by the
 * API's tests and by the web app's browser tests (apps/web/e2e/global-setup.ts).
 * Every answer is of the type Google's Node client declares for it (youtube_v3.Schema$ChannelListResponse…), and the
 * fixtures are checked against those types field by field (vendorShaped), so a fake that drifts from YouTube's
 * shapes fails to type-check. Like YouTube, it takes a repeated parameter (`id`, `part`) either repeated, as Google's
 * client sends it, or comma-separated.
 */

const FIXTURES = {
  channels: vendorShaped<youtube_v3.Schema$ChannelListResponse>()(channelsFixture),
  creatorChannels: vendorShaped<youtube_v3.Schema$ChannelListResponse>()(creatorChannelsFixture),
  videos: vendorShaped<youtube_v3.Schema$VideoListResponse>()(videosFixture),
  keyInvalid: vendorShaped<GoogleApiErrorBody>()(keyInvalidFixture),
  playlistNotFound: vendorShaped<GoogleApiErrorBody>()(playlistNotFoundFixture),
  quotaExceeded: vendorShaped<GoogleApiErrorBody>()(quotaExceededFixture),
};
/** A fresh copy of a fixture, which a test may change. */
const fixture = <K extends keyof typeof FIXTURES>(name: K): (typeof FIXTURES)[K] =>
  structuredClone(FIXTURES[name]);

type ChannelResource = youtube_v3.Schema$Channel & { id: string };
type VideoResource = youtube_v3.Schema$Video & { id: string };
const hasId = <T extends { id?: string | null }>(item: T): item is T & { id: string } =>
  typeof item.id === "string";

export interface FakeYoutube {
  baseUrl: string;
  /** The keys it accepts; any other gets the invalid-key error. */
  keys: Set<string>;
  /** Every call, as `resource?query` without the key, in order. */
  calls: string[];
  /** Answer every call with the quota error (403 quotaExceeded) while set. */
  quotaExceeded: boolean;
  /**
   * A channel's true subscriber count by channel id, in place of its fixture's: answered as YouTube does since
   * September 2019, rounded down to three significant figures (12,345 → "12300"; under 1,000 exact).
   */
  subscribers: Map<string, number>;
  /** Answer the next `n` calls with 503. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** `pageSize` caps every page below the API's 50, so that a few fixture videos take several pages. */
export async function startFakeYoutube(o: { keys?: string[]; pageSize?: number } = {}): Promise<FakeYoutube> {
  const channels: ChannelResource[] = [
    ...(fixture("channels").items ?? []),
    // Creators found only by search.list, whose newest uploads the creator search reads.
    ...(fixture("creatorChannels").items ?? []),
  ].filter(hasId);
  const videos: VideoResource[] = (fixture("videos").items ?? []).filter(hasId);
  let failures = 0;

  const fake: Omit<FakeYoutube, "baseUrl" | "close"> = {
    keys: new Set(o.keys ?? ["AIzaFakeYoutubeKey0000000000000000000"]),
    calls: [],
    quotaExceeded: false,
    subscribers: new Map(),
    failNext: (n) => {
      failures = n;
    },
  };

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
    res.end(JSON.stringify(body));
  };

  function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const key = url.searchParams.get("key") ?? "";
    url.searchParams.delete("key");
    const resource = url.pathname.replace(/^\/youtube\/v3\//, "").replace(/^\//, "");
    fake.calls.push(`${resource}?${url.searchParams.toString()}`);
    if (failures > 0) {
      failures -= 1;
      const unavailable: GoogleApiErrorBody = {
        error: { code: 503, message: "The service is currently unavailable." },
      };
      return send(res, 503, unavailable);
    }
    if (!fake.keys.has(key)) return send(res, 400, fixture("keyInvalid"));
    if (fake.quotaExceeded) return send(res, 403, fixture("quotaExceeded"));
    const q = url.searchParams;
    /** A repeated parameter, sent repeated (Google's client) or comma-separated. */
    const all = (name: string) => q.getAll(name).flatMap((value) => value.split(","));
    const pageSize = Math.min(Number(q.get("maxResults") ?? 5) || 5, 50, o.pageSize ?? 50);

    if (resource === "channels") {
      const handle = q.get("forHandle")?.toLowerCase();
      const ids = all("id");
      const found = channels.filter(
        (c) =>
          (handle !== undefined && c.snippet?.customUrl?.toLowerCase() === handle) ||
          ids.includes(c.id) ||
          (q.get("forUsername") !== null &&
            (c.snippet?.title ?? "").replace(/\s+/g, "").toLowerCase() ===
              q.get("forUsername")?.toLowerCase()),
      );
      const items = found.map((c): youtube_v3.Schema$Channel => {
        const truth = fake.subscribers.get(c.id);
        if (truth === undefined || c.statistics?.hiddenSubscriberCount === true) return c;
        const step = 10 ** Math.max(0, String(truth).length - 3);
        const rounded = Math.floor(truth / step) * step;
        return { ...c, statistics: { ...c.statistics, subscriberCount: String(rounded) } };
      });
      // As YouTube does, a lookup that matches nothing has no `items` at all. (Absent fields are written as
      // undefined, which JSON leaves out, rather than spread in: a spread escapes the check of the vendor's fields.)
      const answer: youtube_v3.Schema$ChannelListResponse = {
        kind: "youtube#channelListResponse",
        etag: "fake",
        pageInfo: { totalResults: found.length, resultsPerPage: pageSize },
        items: items.length > 0 ? items : undefined,
      };
      return send(res, 200, answer);
    }
    if (resource === "playlistItems") {
      const channel = channels.find(
        (c) => c.contentDetails?.relatedPlaylists?.uploads === q.get("playlistId"),
      );
      if (!channel) return send(res, 404, fixture("playlistNotFound"));
      const publishedAt = (v: VideoResource) => v.snippet?.publishedAt ?? "";
      const uploads = videos
        .filter((v) => v.snippet?.channelId === channel.id)
        .sort((a, b) => publishedAt(b).localeCompare(publishedAt(a)));
      const start = Number(q.get("pageToken")?.replace(/^page-/, "") ?? 0) || 0;
      const page = uploads.slice(start, start + pageSize);
      const answer: youtube_v3.Schema$PlaylistItemListResponse = {
        kind: "youtube#playlistItemListResponse",
        etag: "fake",
        pageInfo: { totalResults: uploads.length, resultsPerPage: pageSize },
        nextPageToken: start + pageSize < uploads.length ? `page-${start + pageSize}` : undefined,
        items: page.map((v) => ({
          kind: "youtube#playlistItem",
          etag: "fake",
          id: `item-${v.id}`,
          contentDetails: { videoId: v.id, videoPublishedAt: publishedAt(v) },
        })),
      };
      return send(res, 200, answer);
    }
    if (resource === "videos") {
      const ids = all("id");
      const found = videos.filter((v) => ids.includes(v.id));
      const answer: youtube_v3.Schema$VideoListResponse = {
        kind: "youtube#videoListResponse",
        etag: "fake",
        pageInfo: { totalResults: found.length, resultsPerPage: found.length },
        items: found,
      };
      return send(res, 200, answer);
    }
    if (resource === "search" && all("type").includes("channel")) {
      // A channel matches when its title or description holds a word of the query's "|"-separated terms.
      const words = (q.get("q") ?? "").toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
      const found = channels
        .filter((c) => {
          const text = `${c.snippet?.title ?? ""} ${c.snippet?.description ?? ""}`.toLowerCase();
          return words.some((word) => text.includes(word));
        })
        .slice(0, pageSize);
      const answer: youtube_v3.Schema$SearchListResponse = {
        kind: "youtube#searchListResponse",
        etag: "fake",
        regionCode: "US",
        pageInfo: { totalResults: found.length, resultsPerPage: pageSize },
        items: found.map((c) => ({
          kind: "youtube#searchResult",
          etag: "fake",
          id: { kind: "youtube#channel", channelId: c.id },
          snippet: {
            publishedAt: c.snippet?.publishedAt ?? "2020-01-01T00:00:00Z",
            channelId: c.id,
            title: c.snippet?.title ?? "",
            description: c.snippet?.description ?? "",
            channelTitle: c.snippet?.title ?? "",
            liveBroadcastContent: "none",
            publishTime: c.snippet?.publishedAt ?? "2020-01-01T00:00:00Z",
          },
        })),
      };
      return send(res, 200, answer);
    }
    const notFound: GoogleApiErrorBody = { error: { code: 404, message: "Not Found" } };
    return send(res, 404, notFound);
  }

  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/youtube/v3`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
