import { describe, expect, it } from "vitest";
import type { BreakoutCandidate, BreakoutInputs } from "./breakout-inputs";
import { type BreakoutCompany, breakoutPosts } from "./breakout-posts";

const window = { from: "2026-10-02", to: "2026-10-31" };
const days = { from: "2026-10-02", to: "2026-10-31" };
const repeat = (x: number, times: number) => Array.from({ length: times }, () => x);
const candidate = (id: string, x: number): BreakoutCandidate => ({
  id,
  url: `https://example.com/p/${id}`,
  publishedAt: "2026-10-20T12:00:00.000Z",
  text: id,
  format: "image",
  engagementRate: Math.exp(x),
  x,
});
const company = (id: string, platforms: BreakoutInputs["platforms"], from = days.from): BreakoutCompany => ({
  id,
  window,
  inputs: { window: { ...days, from }, platforms },
});

/*
 * Instagram, 30 landscape posts: x = 15 × −4 (brand), 14 × −3 (rival) and one −0.5 (brand).
 * median = (−4 + −3)/2 = −3.5; |x − median| = 29 × 0.5 and 3 ⇒ MAD = 0.5.
 * z(−0.5) = 0.6745 · 3 / 0.5 = 4.047 ≥ 3.5: a breakout; z(−3) = 0.6745 · 0.5 / 0.5 = 0.6745: not.
 */
const brand = company("a", [
  {
    platform: "instagram",
    xs: [...repeat(-4, 15), -0.5],
    candidates: [candidate("p1", -0.5), candidate("p2", -4)],
  },
  { platform: "tiktok", xs: repeat(-2, 10), candidates: [candidate("t1", -2)] },
  // 20 of 30 share x = −2: MAD = 0, nothing can be judged.
  { platform: "youtube", xs: [...repeat(-2, 20), ...repeat(-1, 10)], candidates: [candidate("y1", 3)] },
]);
const rival = company("b", [
  { platform: "instagram", xs: repeat(-3, 14), candidates: [candidate("r1", -3)] },
]);
/** Its inputs cover other days (another period's): left out, or its posts would move the median. */
const behind = company(
  "c",
  [{ platform: "instagram", xs: repeat(5, 40), candidates: [candidate("c1", 5)] }],
  "2026-10-25",
);
/** Stored before breakout inputs were kept. */
const older: BreakoutCompany = { id: "d", window, inputs: undefined };

describe("breakoutPosts", () => {
  const result = breakoutPosts([brand, rival, behind, older]);

  it("flags a post whose modified z-score of ln ER reaches 3.5 in the landscape of its platform", () => {
    expect(result).toMatchObject({ status: "ok", n: 30, window: days });
    expect(result.items).toHaveLength(1);
    const [post] = result.items;
    expect(post).toMatchObject({ id: "p1", companyId: "a", platform: "instagram", text: "p1" });
    expect(post?.engagementRate).toBeCloseTo(Math.exp(-0.5), 12);
    expect(post?.z).toBeCloseTo(4.047, 12);
  });

  it("says why a platform cannot be judged: too few posts, or no spread (MAD = 0)", () => {
    expect(result.platforms).toEqual([
      { platform: "instagram", status: "ok", n: 30 },
      {
        platform: "youtube",
        status: "insufficient_history",
        reason: "Over half of the posts share one engagement rate, so none stands out.",
        n: 30,
      },
      {
        platform: "tiktok",
        status: "insufficient_history",
        reason:
          "Breakouts need 30 posts from you and your competitors in the period; there are 10. Choose a longer period or import more posts.",
        n: 10,
      },
    ]);
    expect(result.items.some((item) => item.platform === "youtube")).toBe(false);
  });

  it("needs 30 posts: without the rival's 14 the brand's outlier is not judged", () => {
    const alone = breakoutPosts([brand]);
    expect(alone.status).toBe("insufficient_history");
    expect(alone.items).toEqual([]);
    expect(alone.platforms[0]).toMatchObject({
      platform: "instagram",
      status: "insufficient_history",
      n: 16,
    });
  });

  it("says per platform how many posts it left out for an unknown engagement", () => {
    const unknownRival = company("e", [
      { platform: "instagram", xs: repeat(-3, 14), candidates: [candidate("r1", -3)], unknown: 4 },
      { platform: "tiktok", xs: [], candidates: [], unknown: 6 },
    ]);
    const judged = breakoutPosts([brand, unknownRival]);
    expect(judged).toMatchObject({ status: "ok", n: 30, unknownEngagement: 10 });
    expect(judged.platforms[0]).toEqual({ platform: "instagram", status: "ok", n: 30, unknownEngagement: 4 });
    expect(judged.platforms.find((p) => p.platform === "tiktok")).toMatchObject({
      n: 10,
      unknownEngagement: 6,
      reason: expect.stringContaining("there are 10, and 6 more whose likes or comments are not known"),
    });
  });

  it("has no data without any rated post", () => {
    expect(breakoutPosts([older])).toMatchObject({ status: "no_data", n: 0, items: [], platforms: [] });
  });
});
