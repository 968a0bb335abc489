import { describe, expect, it } from "vitest";
import { type BrandSocialData, platformFigures } from "./platform-figures";

const at = (day: string) => new Date(`${day}T12:00:00.000Z`);

const data: BrandSocialData = {
  followers: [
    { platform: "instagram", day: "2026-01-11", followers: 1100 },
    { platform: "instagram", day: "2026-01-01", followers: 1000 },
    { platform: "youtube", day: "2026-01-05", followers: 700 },
    { platform: "twitter", day: "2025-12-01", followers: 500 },
    { platform: "twitter", day: "2026-01-12", followers: 600 },
  ],
  posts: [
    // E = 50 + 10 (instagram shares left out); F = 1000 (4 days old) ⇒ ERf 0.06.
    { platform: "instagram", postedAt: at("2026-01-05"), likes: 50, comments: 10, shares: 7, views: null },
    // E = 108; F interpolated 1000 → 1100 at 8/10 = 1080 ⇒ ERf 0.1.
    { platform: "instagram", postedAt: at("2026-01-09"), likes: 100, comments: 8, shares: null, views: null },
    // Before the window: ignored.
    { platform: "instagram", postedAt: at("2025-12-31"), likes: 900, comments: 0, shares: null, views: null },
    // E = 150 over 1000 views ⇒ ERv 0.15.
    { platform: "tiktok", postedAt: at("2026-01-03"), likes: 100, comments: 20, shares: 30, views: 1000 },
    // No views: counted in engagement, not in the rate.
    { platform: "tiktok", postedAt: at("2026-01-04"), likes: 10, comments: 0, shares: 0, views: 0 },
    // Snapshots 42 days apart: no follower count for the rate.
    { platform: "twitter", postedAt: at("2026-01-05"), likes: 5, comments: 3, shares: 2, views: 40 },
  ],
};

describe("platformFigures", () => {
  it("gives audience, engagement and the platform's rate for platforms with data", () => {
    const figures = platformFigures(data, { from: "2026-01-01", to: "2026-01-12" });
    expect(figures.map((f) => f.platform)).toEqual(["instagram", "youtube", "tiktok", "twitter"]);
    const [instagram, youtube, tiktok, twitter] = figures;
    expect(instagram).toMatchObject({ audience: 1100, engagement: 168 });
    // Mean of 0.06 and 0.1 after capping at their p99 (0.06 + 0.99·0.04 = 0.0996).
    expect(instagram?.engagementRate).toBeCloseTo(0.0798, 12);
    // The only snapshot is 7 days before the end (> 3): no audience; no posts ever: engagement unknown, not 0.
    expect(youtube).toEqual({
      platform: "youtube",
      audience: null,
      audienceRoundedTo: null,
      audienceGrowth: null,
      engagement: null,
      engagementRate: null,
    });
    expect(tiktok).toEqual({
      platform: "tiktok",
      audience: null,
      audienceRoundedTo: null,
      audienceGrowth: null,
      engagement: 160,
      engagementRate: 0.15,
    });
    expect(twitter).toEqual({
      platform: "twitter",
      audience: 600,
      audienceRoundedTo: null,
      audienceGrowth: null,
      engagement: 10,
      engagementRate: null,
    });
  });

  it("gives follower growth over the window, for a rounded count only beyond its rounding step", () => {
    const window = { from: "2026-01-08", to: "2026-01-14" };
    const growth = (platform: "instagram" | "youtube", counts: [number, number], roundedTo: number | null) =>
      platformFigures(
        {
          followers: [
            { platform, day: "2026-01-07", followers: counts[0], roundedTo },
            { platform, day: "2026-01-14", followers: counts[1], roundedTo },
          ],
          posts: [],
        },
        window,
      )[0];
    // Exact counts: every follower counts.
    expect(growth("instagram", [12_345, 12_346], null)).toMatchObject({
      audienceGrowth: 1,
      audienceRoundedTo: null,
    });
    // YouTube's, rounded down to three significant figures: one step of 100 may be one subscriber, so no
    // measurable change; two steps are growth.
    expect(growth("youtube", [12_300, 12_400], 100)).toMatchObject({
      audience: 12_400,
      audienceRoundedTo: 100,
      audienceGrowth: null,
    });
    expect(growth("youtube", [12_300, 12_300], 100)?.audienceGrowth).toBeNull();
    expect(growth("youtube", [12_300, 12_500], 100)?.audienceGrowth).toBe(200);
    expect(growth("youtube", [12_500, 12_300], 100)?.audienceGrowth).toBe(-200);
    // Under 1,000 YouTube's count is exact (step 1).
    expect(growth("youtube", [987, 988], 1)?.audienceGrowth).toBe(1);
  });

  it("tames one viral post in the mean rate", () => {
    const rates = [0.01, 0.01, 0.01, 0.01, 2];
    const viral: BrandSocialData = {
      followers: [{ platform: "facebook", day: "2026-01-01", followers: 100 }],
      posts: rates.map((r) => ({
        platform: "facebook",
        postedAt: at("2026-01-02"),
        likes: r * 100,
        comments: 0,
        shares: 0,
        views: null,
      })),
    };
    // p99 of 0.01 ×4, 2 = 0.01 + 0.96·1.99 = 1.9204 ⇒ mean (0.04 + 1.9204)/5.
    const [facebook] = platformFigures(viral, { from: "2026-01-01", to: "2026-01-03" });
    expect(facebook?.engagementRate).toBeCloseTo(1.9604 / 5, 12);
  });

  it("leaves engagement unknown, not 0, when the company has no data at all in the window", () => {
    // The data ends on 12 January: nothing says whether it posted in February.
    const figures = platformFigures(data, { from: "2026-02-01", to: "2026-02-28" });
    expect(figures.map((f) => [f.platform, f.audience, f.engagement, f.engagementRate])).toEqual([
      ["instagram", null, null, null],
      ["youtube", null, null, null],
      ["tiktok", null, null, null],
      ["twitter", null, null, null],
    ]);
  });

  it("reports 0 engagement when the account posted nothing in the window", () => {
    const figures = platformFigures(data, { from: "2026-01-10", to: "2026-01-12" });
    expect(figures.find((f) => f.platform === "instagram")).toMatchObject({
      engagement: 0,
      engagementRate: null,
    });
  });
});
