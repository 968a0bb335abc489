import { describe, expect, it } from "vitest";
import { brandTerms, type PoolCreator, rankOwnCreators, sizeBandOf } from "./own-ranking";

const creator = (c: Partial<PoolCreator> & Pick<PoolCreator, "id" | "handle">): PoolCreator => ({
  platform: "instagram",
  name: null,
  description: null,
  recentTitles: [],
  followers: null,
  engagementRate: null,
  mentions: 0,
  ...c,
});

describe("own creator ranking (docs/analytics-methods.md §4.8)", () => {
  it("takes the words of the keywords and topics, without function words and the brand's own name", () => {
    expect(
      brandTerms({
        keywords: ["Lumora cold brew", "cold brew coffee", "espresso for beginners"],
        topics: ["Latte art"],
        brandName: "Lumora",
        country: "US",
      }),
    ).toEqual(["latte", "art", "cold", "brew", "coffee", "espresso", "beginners"]);
  });

  it("bands sizes at 10K, 100K, 500K and 1M followers, unknown when no count is known", () => {
    expect([null, 9_999, 10_000, 250_000, 999_999, 1_000_000].map(sizeBandOf)).toEqual([
      null,
      "nano",
      "micro",
      "mid",
      "macro",
      "mega",
    ]);
  });

  it("ranks by topic, size band and engagement within the band, unknown parts counting nothing", () => {
    const terms = ["cold", "brew", "coffee", "espresso", "grinder", "pour", "kettle"];
    const pool = [
      creator({ id: "mentioned", handle: "guest.barista", mentions: 2 }),
      creator({
        id: "latte",
        handle: "latte.lab",
        description: "Latte art",
        followers: 9_800,
        engagementRate: 0.075,
      }),
      creator({
        id: "nina",
        handle: "nina.brews",
        description: "Cold brew coffee and pour over recipes",
        recentTitles: ["Espresso grinder test"],
        followers: 48_200,
        engagementRate: 0.041,
      }),
      creator({
        id: "daily",
        handle: "dailyespresso",
        description: "Espresso",
        followers: 52_000,
        engagementRate: 0.02,
      }),
      creator({
        id: "kettle",
        handle: "kettleking",
        description: "Pour over kettle reviews",
        followers: 1_250_000,
      }),
    ];
    const ranked = rankOwnCreators(pool, terms);
    expect(ranked.map((r) => r.id)).toEqual(["nina", "kettle", "daily", "latte", "mentioned"]);
    // nina: all 6 of the most terms found (T 1), micro among nano, micro, micro, mega (S 0.5), the higher of the two
    // micro rates (E 0.75): 0.5 + 0.125 + 0.1875.
    expect(ranked[0]).toEqual({
      id: "nina",
      score: 0.8125,
      topicMatch: 1,
      matchedTerms: ["cold", "brew", "coffee", "espresso", "grinder", "pour"],
    });
    expect(ranked[4]).toEqual({ id: "mentioned", score: 0, topicMatch: 0, matchedTerms: [] });
  });

  it("breaks ties by mentions, then by followers, then by handle", () => {
    const ranked = rankOwnCreators(
      [
        creator({ id: "b", handle: "b" }),
        creator({ id: "a", handle: "a" }),
        creator({ id: "quoted", handle: "z", mentions: 3 }),
      ],
      [],
    );
    expect(ranked.map((r) => r.id)).toEqual(["quoted", "a", "b"]);
  });
});
