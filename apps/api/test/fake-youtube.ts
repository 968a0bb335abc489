import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/*
 * A local stand-in for the YouTube Data API v3 (its base URL goes in YOUTUBE_API_BASE_URL): channels.list,
 * playlistItems.list, videos.list and search.list for channels answered from test/fixtures/youtube/ in Google's
 * documented shapes, with the API's paging (maxResults, nextPageToken) and errors. The connector's real client runs against it. Used by the
 * API's tests and by the web app's browser tests (apps/web/e2e/global-setup.ts).
 */

const FIXTURES = join(import.meta.dirname, "fixtures/youtube");
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Record<string, unknown>;

interface ChannelResource {
  id: string;
  snippet: { customUrl?: string; title: string; description?: string; publishedAt?: string };
  contentDetails?: { relatedPlaylists: { uploads: string } };
  statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean; [name: string]: unknown };
}
interface VideoResource {
  id: string;
  snippet: { channelId: string; publishedAt: string };
}

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
  const channels = [
    ...((fixture("channels.json").items as ChannelResource[]) ?? []),
    // Creators found only by search.list, whose newest uploads the creator search reads.
    ...((fixture("creator-channels.json").items as ChannelResource[]) ?? []),
  ];
  const videos = (fixture("videos.json").items as VideoResource[]) ?? [];
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

  const send = (res: ServerResponse, status: number, body: unknown) => {
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
      return send(res, 503, { error: { code: 503, message: "The service is currently unavailable." } });
    }
    if (!fake.keys.has(key)) return send(res, 400, fixture("error-key-invalid.json"));
    if (fake.quotaExceeded) return send(res, 403, fixture("error-quota-exceeded.json"));
    const q = url.searchParams;
    const pageSize = Math.min(Number(q.get("maxResults") ?? 5) || 5, 50, o.pageSize ?? 50);

    if (resource === "channels") {
      const handle = q.get("forHandle")?.toLowerCase();
      const ids = q.get("id")?.split(",");
      const found = channels.filter(
        (c) =>
          (handle !== undefined && c.snippet.customUrl?.toLowerCase() === handle) ||
          (ids?.includes(c.id) ?? false) ||
          (q.get("forUsername") !== null &&
            c.snippet.title.replace(/\s+/g, "").toLowerCase() === q.get("forUsername")?.toLowerCase()),
      );
      const items = found.map((c) => {
        const truth = fake.subscribers.get(c.id);
        if (truth === undefined || c.statistics?.hiddenSubscriberCount === true) return c;
        const step = 10 ** Math.max(0, String(truth).length - 3);
        const rounded = Math.floor(truth / step) * step;
        return { ...c, statistics: { ...c.statistics, subscriberCount: String(rounded) } };
      });
      // As YouTube does, a lookup that matches nothing has no `items` at all.
      return send(res, 200, {
        kind: "youtube#channelListResponse",
        etag: "fake",
        pageInfo: { totalResults: found.length, resultsPerPage: pageSize },
        ...(items.length > 0 ? { items } : {}),
      });
    }
    if (resource === "playlistItems") {
      const channel = channels.find(
        (c) => c.contentDetails?.relatedPlaylists.uploads === q.get("playlistId"),
      );
      if (!channel) return send(res, 404, fixture("error-playlist-not-found.json"));
      const uploads = videos
        .filter((v) => v.snippet.channelId === channel.id)
        .sort((a, b) => b.snippet.publishedAt.localeCompare(a.snippet.publishedAt));
      const start = Number(q.get("pageToken")?.replace(/^page-/, "") ?? 0) || 0;
      const page = uploads.slice(start, start + pageSize);
      return send(res, 200, {
        kind: "youtube#playlistItemListResponse",
        etag: "fake",
        pageInfo: { totalResults: uploads.length, resultsPerPage: pageSize },
        ...(start + pageSize < uploads.length ? { nextPageToken: `page-${start + pageSize}` } : {}),
        items: page.map((v) => ({
          kind: "youtube#playlistItem",
          etag: "fake",
          id: `item-${v.id}`,
          contentDetails: { videoId: v.id, videoPublishedAt: v.snippet.publishedAt },
        })),
      });
    }
    if (resource === "videos") {
      const ids = q.get("id")?.split(",") ?? [];
      const found = videos.filter((v) => ids.includes(v.id));
      return send(res, 200, {
        kind: "youtube#videoListResponse",
        etag: "fake",
        pageInfo: { totalResults: found.length, resultsPerPage: found.length },
        items: found,
      });
    }
    if (resource === "search" && q.get("type") === "channel") {
      // A channel matches when its title or description holds a word of the query's "|"-separated terms.
      const words = (q.get("q") ?? "").toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
      const found = channels
        .filter((c) => {
          const text = `${c.snippet.title} ${c.snippet.description ?? ""}`.toLowerCase();
          return words.some((word) => text.includes(word));
        })
        .slice(0, pageSize);
      return send(res, 200, {
        kind: "youtube#searchListResponse",
        etag: "fake",
        regionCode: "US",
        pageInfo: { totalResults: found.length, resultsPerPage: pageSize },
        items: found.map((c) => ({
          kind: "youtube#searchResult",
          etag: "fake",
          id: { kind: "youtube#channel", channelId: c.id },
          snippet: {
            publishedAt: c.snippet.publishedAt ?? "2020-01-01T00:00:00Z",
            channelId: c.id,
            title: c.snippet.title,
            description: c.snippet.description ?? "",
            channelTitle: c.snippet.title,
            liveBroadcastContent: "none",
            publishTime: c.snippet.publishedAt ?? "2020-01-01T00:00:00Z",
          },
        })),
      });
    }
    return send(res, 404, { error: { code: 404, message: "Not Found" } });
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
