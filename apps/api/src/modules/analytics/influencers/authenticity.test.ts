import { describe, expect, it } from "vitest";
import { authenticityEvaluated, authenticityFlags, authenticityScore } from "./authenticity";
import { buildTierBenchmarks } from "./benchmarks";
import type { InfluencerInput } from "./types";

// 100 instagram profiles in 20K–100K: ER and comments per like 0.001 … 0.100.
// p5 = 0.00595, p99 = 0.09901; comment ratio p1 = 0.00199, p99 = 0.09901.
const bench = buildTierBenchmarks(
  Array.from({ length: 100 }, (_, k) => ({
    platform: "instagram" as const,
    followers: 50_000,
    er: (k + 1) / 1000,
    commentRatio: (k + 1) / 1000,
  })),
);

const NOW = new Date("2026-11-01T00:00:00.000Z");
const influencer = (likes: number[], comments: (likes: number) => number): InfluencerInput => ({
  id: "i1",
  platform: "instagram",
  followers: 50_000,
  country: null,
  topics: [],
  audience: null,
  recentPosts: likes.map((l, k) => ({
    postedAt: new Date(NOW.getTime() - (k + 1) * 86_400_000),
    likes: l,
    comments: comments(l),
    shares: null,
    views: null,
  })),
});
const varied = [500, 800, 1200, 400, 1500, 900, 700, 1100, 600, 1300, 1000, 2000];
const kinds = (i: InfluencerInput, er: number | null) =>
  authenticityFlags(i, bench, er, NOW).map((f) => f.kind);

describe("authenticityFlags", () => {
  it("raises nothing for an ordinary profile", () => {
    expect(
      kinds(
        influencer(varied, (l) => l / 50),
        0.02,
      ),
    ).toEqual([]);
  });

  it("flags engagement below p5 (big accounts) and above p99 of the tier", () => {
    expect(
      kinds(
        influencer(varied, (l) => l / 50),
        0.003,
      ),
    ).toEqual(["low_engagement"]);
    expect(
      kinds(
        influencer(varied, (l) => l / 50),
        0.2,
      ),
    ).toEqual(["high_engagement"]);
    const small = { ...influencer(varied, (l) => l / 50), followers: 19_000 };
    expect(kinds(small, 0.003)).toEqual([]);
  });

  it("flags uniform likes over 12 posts and an odd comments-to-likes ratio", () => {
    const uniform = Array.from({ length: 12 }, (_, k) => 1000 + (k % 2 === 0 ? 10 : -10));
    expect(
      kinds(
        influencer(uniform, (l) => l / 50),
        0.02,
      ),
    ).toEqual(["uniform_likes"]);
    expect(
      kinds(
        influencer(uniform.slice(0, 11), (l) => l / 50),
        0.02,
      ),
    ).toEqual([]);
    expect(
      kinds(
        influencer(varied, (l) => l / 2),
        0.02,
      ),
    ).toEqual(["comment_ratio"]);
  });
});

describe("authenticityScore", () => {
  it("takes each kind's penalty once from 1", () => {
    expect(authenticityScore([])).toBe(1);
    expect(
      authenticityScore([
        { kind: "uniform_likes", detail: "" },
        { kind: "follower_spike", date: "2026-10-01", detail: "" },
        { kind: "follower_spike", date: "2026-10-09", detail: "" },
      ]),
    ).toBeCloseTo(0.7, 12);
  });

  it("is null when nothing could be checked", () => {
    expect(authenticityScore([], false)).toBeNull();
    expect(
      authenticityEvaluated(
        influencer([], () => 0),
        null,
      ),
    ).toBe(false);
    expect(
      authenticityEvaluated(
        influencer([], () => 0),
        0.02,
      ),
    ).toBe(true);
  });
});
