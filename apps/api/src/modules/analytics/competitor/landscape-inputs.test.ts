import { describe, expect, it } from "vitest";
import { monthVisits, postCounts } from "./landscape-inputs";
import type { TrafficMonth } from "./traffic";

const post = (platform: "instagram" | "tiktok", iso: string) => ({
  platform,
  postedAt: new Date(iso),
  likes: 1,
  comments: 0,
  shares: null,
  views: null,
});

describe("landscape inputs", () => {
  it("counts posts per platform in the window, 0 on a platform with posts only outside it", () => {
    const posts = [
      post("tiktok", "2026-10-31T23:59:59.000Z"),
      post("instagram", "2026-10-01T00:00:00.000Z"),
      post("instagram", "2026-09-30T23:59:59.000Z"),
      post("tiktok", "2026-11-01T00:00:00.000Z"),
      post("tiktok", "2026-10-15T12:00:00.000Z"),
    ];
    expect(postCounts({ posts }, { from: "2026-10-01", to: "2026-10-31" })).toEqual([
      { platform: "instagram", posts: 1 },
      { platform: "tiktok", posts: 2 },
    ]);
    expect(postCounts({ posts }, { from: "2026-11-02", to: "2026-11-30" })).toEqual([
      { platform: "instagram", posts: 0 },
      { platform: "tiktok", posts: 0 },
    ]);
  });

  it("sums the visits of the latest complete month by the window end", () => {
    const row = (month: string, country: string, visits: number): TrafficMonth => ({
      month,
      country,
      visits,
      searchVisits: 0,
      pagesPerVisit: 1,
      avgDuration: 1,
      backlinks: 0,
      engagedSessions: null,
      engagementSeconds: null,
    });
    const rows = [row("2026-09", "GB", 100), row("2026-10", "GB", 300), row("2026-10", "FR", 200)];
    expect(monthVisits(rows, { from: "2026-10-02", to: "2026-10-31" })).toEqual({
      month: "2026-10",
      visits: 500,
    });
    expect(monthVisits(rows, { from: "2026-10-01", to: "2026-10-30" })).toEqual({
      month: "2026-09",
      visits: 100,
    });
    expect(monthVisits(rows, { from: "2026-08-01", to: "2026-08-30" })).toBeNull();
  });
});
