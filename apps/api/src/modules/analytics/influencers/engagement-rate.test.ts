import { describe, expect, it } from "vitest";
import { commentToLikeRatio, influencerEngagementRate } from "./engagement-rate";
import type { InfluencerInput, InfluencerPostInput } from "./types";

const NOW = new Date("2026-11-01T00:00:00.000Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const post = (d: number, likes: number, comments: number, extra: Partial<InfluencerPostInput> = {}) => ({
  postedAt: daysAgo(d),
  likes,
  comments,
  shares: null,
  views: null,
  ...extra,
});
const influencer = (
  platform: InfluencerInput["platform"],
  posts: InfluencerPostInput[],
): InfluencerInput => ({
  id: "i1",
  platform,
  followers: 1000,
  country: "GB",
  topics: [],
  audience: null,
  recentPosts: posts,
});

describe("influencerEngagementRate", () => {
  it("uses median E over followers on follower platforms, so a viral post does not lift it", () => {
    // E = 10, 20, 30, 40, 50, 60, 1000 (shares are not part of instagram E) ⇒ median 40 ⇒ 0.04.
    const posts = [10, 20, 30, 40, 50, 60, 1000].map((e, k) => post(k + 1, e - 5, 5, { shares: 99 }));
    // Older than 90 days: left out.
    posts.push(post(120, 5000, 0));
    expect(influencerEngagementRate(influencer("instagram", posts), NOW)).toEqual({ value: 0.04, n: 7 });
  });

  it("uses ΣE/Σviews on TikTok, over posts that show views", () => {
    const posts = Array.from({ length: 6 }, (_, k) => post(k + 1, 90, 5, { shares: 5, views: 1000 }));
    posts.push(post(8, 5000, 0, { shares: 0, views: null }));
    expect(influencerEngagementRate(influencer("tiktok", posts), NOW)).toEqual({ value: 0.1, n: 6 });
  });

  it("takes only the 12 newest posts", () => {
    // 12 posts with E = 10 and an older 13th with E = 1000.
    // Facebook's E counts shares, so each post shows its (zero) shares.
    const shown = { shares: 0 };
    const posts = Array.from({ length: 12 }, (_, k) => post(k + 1, 10, 0, shown));
    posts.push(post(30, 1000, 0, shown), post(31, 1000, 0, shown), post(32, 1000, 0, shown));
    posts.push(post(33, 1000, 0, shown), post(34, 1000, 0, shown), post(35, 1000, 0, shown));
    expect(influencerEngagementRate(influencer("facebook", posts), NOW)).toEqual({ value: 0.01, n: 12 });
  });

  it("leaves out posts whose engagement is unknown (a share count not shown on Facebook)", () => {
    const posts = Array.from({ length: 12 }, (_, k) => post(k + 1, 10, 0, k < 8 ? { shares: 0 } : {}));
    expect(influencerEngagementRate(influencer("facebook", posts), NOW)).toEqual({ value: 0.01, n: 8 });
    const few = Array.from({ length: 12 }, (_, k) => post(k + 1, 10, 0, k < 5 ? { shares: 0 } : {}));
    expect(influencerEngagementRate(influencer("facebook", few), NOW)).toMatchObject({ value: null, n: 5 });
  });

  it("needs 6 posts in 90 days and views where the rate is per view", () => {
    const five = Array.from({ length: 5 }, (_, k) => post(k + 1, 10, 0));
    expect(influencerEngagementRate(influencer("instagram", five), NOW)).toMatchObject({ value: null, n: 5 });
    const noViews = Array.from({ length: 8 }, (_, k) => post(k + 1, 10, 0));
    expect(influencerEngagementRate(influencer("youtube", noViews), NOW).value).toBeNull();
  });
});

describe("commentToLikeRatio", () => {
  it("divides total comments by total likes, null without likes", () => {
    expect(commentToLikeRatio([post(1, 100, 5), post(2, 300, 15)])).toBe(0.05);
    expect(commentToLikeRatio([post(1, 0, 5)])).toBeNull();
  });
});
