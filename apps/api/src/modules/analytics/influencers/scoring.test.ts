import { describe, expect, it } from "vitest";
import { audienceVsEngagement } from "./audience-vs-engagement";
import { compareRanked, rankingScore } from "./ranking";
import { topicMatch } from "./topic-match";

describe("topicMatch", () => {
  it("is the cosine of the topics with the brand's interests", () => {
    // dot 1, |topics| = √2, |brand| = √2 ⇒ 0.5.
    expect(topicMatch(["coffee", "running"], { coffee: 1, cooking: 1 })).toBeCloseTo(0.5, 12);
    expect(topicMatch(["coffee"], { coffee: 3 })).toBeCloseTo(1, 12);
    expect(topicMatch([], { coffee: 1 })).toBe(0);
  });
});

describe("rankingScore", () => {
  it("weights ERpct 0.40, fit 0.45 and topic 0.15, counting a missing part as 0", () => {
    expect(rankingScore(0.5, 0.8, 0.5)).toBeCloseTo(63.5, 12);
    expect(rankingScore(null, null, 1)).toBeCloseTo(15, 12);
  });

  it("orders by score, then followers, then id", () => {
    const rows = [
      { id: "b", score: 50, followers: 10 },
      { id: "a", score: 50, followers: 10 },
      { id: "c", score: 50, followers: 20 },
      { id: "d", score: 60, followers: 1 },
    ];
    expect([...rows].sort(compareRanked).map((r) => r.id)).toEqual(["d", "c", "a", "b"]);
  });
});

describe("audienceVsEngagement", () => {
  it("plots followers against ER in percent with fit as the radius", () => {
    expect(
      audienceVsEngagement([
        { label: "@ana", followers: 12_000, er: 0.034, fit: 0.8 },
        { label: "@ben", followers: 500, er: null, fit: 0.9 },
        { label: "@cy", followers: 90_000, er: 0.01, fit: null },
      ]),
    ).toEqual([
      { label: "@ana", audience: 12_000, engagement: 3.4000000000000004, radius: 0.8 },
      { label: "@cy", audience: 90_000, engagement: 1, radius: 0 },
    ]);
  });
});
