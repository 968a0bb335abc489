import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseExport } from "./parse-export";
import type { FollowerRow, KeywordRow, PostRow, SearchQueryRow } from "./types";

// ../shared sits beside the repo root, locally and in CI.
const FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../../../../../shared/fixtures/imports",
);
const load = (name: string) => {
  const result = parseExport(readFileSync(resolve(FIXTURES, name)), name, { referenceDate: "2026-09-14" });
  expect(result.errors).toEqual([]);
  return result;
};
const posts = (name: string) => load(name).rows as PostRow[];

describe("shared sample exports", () => {
  it.each([
    ["google-ads-keyword-planner.csv", "google-ads-keyword-planner", 10],
    ["meta-facebook-posts.csv", "meta-facebook-posts", 7],
    ["meta-facebook-follows-daily.csv", "meta-daily-follows", 7],
    ["instagram-content.csv", "instagram-posts", 6],
    ["tiktok-content.csv", "tiktok-content", 6],
    ["tiktok-follower-history.csv", "tiktok-follower-history", 7],
    ["linkedin-updates.csv", "linkedin-updates", 5],
    ["linkedin-followers.csv", "linkedin-followers", 7],
    ["youtube-content.csv", "youtube-content", 6],
    ["x-tweet-activity.csv", "x-tweet-activity", 5],
    ["x-post-analytics-content.csv", "x-account-content", 5],
    ["search-console-queries.csv", "search-console-queries", 8],
  ])("%s → %s, %i rows", (file, format, count) => {
    const result = load(file);
    expect(result.format).toBe(format);
    expect(result.rows).toHaveLength(count);
  });

  it("Keyword Planner: UTF-16LE, tabs, title lines, bids, ∞ and -- as null, monthly series", () => {
    const result = load("google-ads-keyword-planner.csv");
    expect(result.file).toMatchObject({ encoding: "utf-16le", delimiter: "\t" });
    expect(result.headerLine).toBe(3);
    const rows = result.rows as KeywordRow[];
    expect(rows[0]).toMatchObject({
      line: 4,
      keyword: "cold brew coffee",
      currency: "USD",
      volume: 49500,
      cpcLow: 0.62,
      cpcHigh: 2.15,
      competition: "medium",
      competitionIndex: 41,
      threeMonthChange: 0.22,
    });
    expect(rows[0]?.monthly).toHaveLength(12);
    expect(rows[0]?.monthly[0]).toEqual({ month: "2025-09", searches: 33100 });
    const cafe = rows.find((r) => r.keyword === "café con leche recipe");
    expect(cafe).toMatchObject({ cpcLow: null, cpcHigh: null });
    const nitro = rows.find((r) => r.keyword === "nitro cold brew can");
    expect(nitro).toMatchObject({
      volume: 50,
      volumeIsEstimate: false,
      threeMonthChange: null,
      yoyChange: null,
    });
    const noData = rows.find((r) => r.keyword.startsWith("best espresso grinder"));
    expect(noData).toMatchObject({ volume: null, competition: "unknown", threeMonthChange: null });
    expect(noData?.monthly.every((m) => m.searches === null)).toBe(true);
  });

  it("Facebook: ids beyond 2^53 kept exactly, empty Views is null, multi-line caption", () => {
    const rows = posts("meta-facebook-posts.csv");
    expect(rows[0]).toMatchObject({
      externalId: "122187340982015463",
      publishedAt: "2026-09-12T08:30:00",
      format: "Photos",
      likes: 151,
      comments: 22,
      shares: 14,
      views: 4312,
    });
    expect(rows[1]?.text).toBe(
      'Latte art, but make it "slow" ☕\nBarista Mika pours a rosetta in 20 seconds.\n\n#latteart #lumoracoffee',
    );
    expect(rows[1]?.line).toBe(3);
    expect(rows[2]?.line).toBe(7);
    // Views, impressions and reach are stored apart: an empty Views cell is unknown, its reach is the reach.
    expect(rows[2]).toMatchObject({ views: null, impressions: null, reach: 3115 });
  });

  it("Meta daily follows: UTF-16LE with sep=, and the metric line above the header", () => {
    const result = load("meta-facebook-follows-daily.csv");
    expect(result.headerLine).toBe(3);
    expect(result.rows[3]).toMatchObject({ date: "2026-09-10", newFollowers: 61, followers: null });
    expect((result.rows[5] as FollowerRow).newFollowers).toBe(0);
  });

  it("Instagram: empty Views is null (not 0), reel with a line break", () => {
    const rows = posts("instagram-content.csv");
    const roaster = rows.find((r) => r.externalId === "18295516620103855");
    expect(roaster).toMatchObject({ views: null, likes: 140, shares: 9, format: "IG reel" });
    expect(roaster?.text).toContain('"bright, not sour"');
  });

  it("TikTok: id from the link, year from the reference date", () => {
    const rows = posts("tiktok-content.csv");
    expect(rows[0]).toMatchObject({
      externalId: "7684679181361351567",
      publishedAt: "2026-09-12",
      views: 40211,
    });
    expect(rows[3]?.text).toBeNull();
    expect(rows[5]?.publishedAt).toBe("2025-12-30");
    const history = load("tiktok-follower-history.csv").rows as FollowerRow[];
    expect(history[2]).toMatchObject({ date: "2026-09-09", followers: 18377, netChange: -3 });
  });

  it("LinkedIn: note row above the header, urn id, ratios stay ratios", () => {
    const result = load("linkedin-updates.csv");
    expect(result.headerLine).toBe(2);
    const rows = result.rows as PostRow[];
    expect(rows[0]).toMatchObject({
      externalId: "urn:li:activity:7504192252678516836",
      publishedAt: "2026-09-11",
      shares: 9,
      // LinkedIn's impressions are not views: a post that is not a video has none.
      views: null,
      impressions: 3822,
      metrics: { ctr: 0.05546834 },
    });
    expect(rows[1]?.text).toBe("Sourcing report 2026:\nwhat we paid, to whom, and why.");
    const followers = load("linkedin-followers.csv").rows as FollowerRow[];
    expect(followers[4]).toMatchObject({ date: "2026-09-11", newFollowers: 31, followers: null });
  });

  it("YouTube: Total row skipped, leading-space id trimmed, percent → ratio, empty cells null", () => {
    const rows = posts("youtube-content.csv");
    expect(rows.map((r) => r.externalId)).not.toContain("Total");
    expect(rows[1]).toMatchObject({
      externalId: "-Qx7RtB1aYk",
      url: "https://www.youtube.com/watch?v=-Qx7RtB1aYk",
    });
    expect(rows[0]?.metrics).toMatchObject({ impressionsCtr: 0.0612, watchTimeHours: 1732.0915 });
    const unlisted = rows[5];
    expect(unlisted).toMatchObject({
      views: 0,
      impressions: 0,
      likes: 0,
      shares: null,
      publishedAt: "2026-08-03",
    });
    expect(unlisted?.metrics).toMatchObject({ impressionsCtr: null });
  });

  it("X: legacy time is UTC, current date has no time", () => {
    const legacy = posts("x-tweet-activity.csv");
    expect(legacy[0]).toMatchObject({
      externalId: "1697625948829821395",
      publishedAt: "2023-09-01T15:02:00Z",
      likes: 61,
      comments: 4,
      shares: 9,
      views: null,
      impressions: 4210,
    });
    expect(legacy[4]).toMatchObject({ likes: 0, impressions: 0, metrics: { engagementRate: 0 } });
    const current = posts("x-post-analytics-content.csv");
    expect(current[0]).toMatchObject({
      externalId: "2098791340818386022",
      publishedAt: "2026-09-12",
      shares: 5,
    });
    expect(current[3]?.text).toBe(
      "New AeroPress guide, 2:15, inverted:\nhttps://lumoracoffee.example/guides/aeropress",
    );
  });

  it("Search Console: CTR percent → ratio, quoted commas and quotes, no final newline", () => {
    const result = load("search-console-queries.csv");
    expect(result.file?.finalNewline).toBe(false);
    const rows = result.rows as SearchQueryRow[];
    expect(rows[0]).toMatchObject({ query: "lumora coffee", clicks: 412, ctr: 0.3988, position: 1.21 });
    expect(rows[1]?.ctr).toBe(0.4);
    expect(rows[6]?.query).toBe("coffee subscription, monthly");
    expect(rows[7]).toMatchObject({ query: '"bright" coffee meaning', clicks: 0, ctr: 0, line: 9 });
  });
});
