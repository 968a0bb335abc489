import { describe, expect, it } from "vitest";
import { computeContent } from "./compute-content";
import { fitPillars } from "./fit-pillars";
import { dailyFollowers, makePost, shuffled, syntheticTopicPosts } from "./test-fixtures";
import type { ContentInput } from "./types";

const brand = { id: "b1", name: "Acme", logo: "https://cdn.example.com/acme.png" };

/** 180 captions over March, with likes varying by post so every section has something to rank. */
function input(): ContentInput {
  const posts = syntheticTopicPosts(60).map(({ post }, i) => ({
    ...post,
    platform: i % 3 === 0 ? ("tiktok" as const) : ("instagram" as const),
    likes: 10 + ((i * 37) % 90),
    comments: i % 7,
    shares: i % 3 === 0 ? 2 : null,
    views: i % 3 === 0 ? 1000 + i : null,
  }));
  const history = Array.from({ length: 20 }, (_, i) =>
    makePost(`h${i}`, {
      likes: 40 + i,
      text: "an older caption",
      at: `2024-02-${String(i + 1).padStart(2, "0")}T09:00:00Z`,
    }),
  );
  return {
    brand,
    posts: [...posts, ...history],
    followers: dailyFollowers("instagram", "2024-01-01", 100, 2000),
    window: { from: "2024-03-01", to: "2024-03-28" },
    previous: { from: "2024-02-02", to: "2024-02-29" },
    now: new Date("2024-04-15T00:00:00Z"),
  };
}

describe("computeContent", () => {
  it("fills every section from one input", () => {
    const result = computeContent(input());
    expect(result.contentBreakdown.items.map((i) => [i.label, i.count])).toEqual([
      ["instagram", 120],
      ["tiktok", 60],
    ]);
    expect(result.keywordAnalysis.status).toBe("ok");
    expect(result.performance.status).toBe("ok");
    expect(result.performance.top.every((p) => p.logo === brand.logo)).toBe(true);
    expect(result.audit.postsPerWeek.value).toBeCloseTo(180 / 4, 12);
    expect(result.architecture.pillars).toHaveLength(3);
    expect(result.architecture.pillars.reduce((sum, p) => sum + p.percentage, 0)).toBeCloseTo(100, 9);
  });

  it("gives a deep-equal result for the same input in any order", () => {
    const first = computeContent(input());
    const again = input();
    expect(
      computeContent({ ...again, posts: shuffled(again.posts), followers: shuffled(again.followers) }),
    ).toEqual(first);
  });

  it("uses a stored pillar model when given one", () => {
    const data = input();
    const model = fitPillars(data.posts.slice(0, 120), brand);
    if ("status" in model) throw new Error(model.reason);
    const labels = computeContent({ ...data, pillars: model })
      .architecture.pillars.map((p) => p.label)
      .sort();
    expect(labels).toEqual(model.pillars.map((p) => p.label).sort());
  });
});
