import { describe, expect, it } from "vitest";
import { dailyFollowers, makePost } from "../content/test-fixtures";
import { breakoutInputs } from "./breakout-inputs";

const now = new Date("2026-11-01T00:00:00.000Z");
const followers = dailyFollowers("instagram", "2026-09-01", 70, 1000);

describe("breakoutInputs", () => {
  it("keeps ln ER of the mature posts with ER > 0 in the window, and the best as candidates", () => {
    const posts = [
      // ERf = 50 / 1000 = 0.05 ⇒ x = ln 0.05 = −2.9957.
      makePost("a", { at: "2026-10-02T00:00:00Z", likes: 50 }),
      // ERf = 0.2 ⇒ x = −1.6094.
      makePost("b", { at: "2026-10-20T10:00:00Z", likes: 150, comments: 50, text: "x".repeat(200) }),
      // ERv = 30 / 1000 views ⇒ x = ln 0.03 = −3.5066.
      makePost("t", {
        at: "2026-10-10T00:00:00Z",
        platform: "tiktok",
        likes: 20,
        comments: 5,
        shares: 5,
        views: 1000,
      }),
      makePost("before", { at: "2026-10-01T23:59:59Z", likes: 500 }),
      makePost("zero", { at: "2026-10-15T00:00:00Z" }),
      // Younger than 72 hours at `now`: engagement still accruing.
      makePost("young", { at: "2026-10-30T00:00:01Z", likes: 900 }),
    ];
    const inputs = breakoutInputs(posts, followers, { from: "2026-10-02", to: "2026-10-31" }, now);
    expect(inputs.window).toEqual({ from: "2026-10-02", to: "2026-10-31" });
    expect(inputs.platforms.map((p) => [p.platform, p.xs])).toEqual([
      ["instagram", [-2.9957, -1.6094]],
      ["tiktok", [-3.5066]],
    ]);
    const [best, next] = inputs.platforms[0]?.candidates ?? [];
    expect(best).toMatchObject({ id: "b", x: -1.6094, engagementRate: 0.2, url: "https://example.com/p/b" });
    expect(Array.from(best?.text ?? "")).toHaveLength(140);
    expect(next?.id).toBe("a");
  });

  it("counts the mature posts of unknown engagement per platform instead of rating them", () => {
    const posts = [
      makePost("a", { at: "2026-10-02T00:00:00Z", likes: 50 }),
      makePost("u1", { at: "2026-10-05T00:00:00Z", likes: null }),
      makePost("u2", { at: "2026-10-06T00:00:00Z", comments: null }),
      makePost("yt", { at: "2026-10-07T00:00:00Z", platform: "youtube", likes: null, views: 900 }),
    ];
    const inputs = breakoutInputs(posts, followers, { from: "2026-10-02", to: "2026-10-31" }, now);
    expect(inputs.platforms.map((p) => [p.platform, p.xs.length, p.unknown])).toEqual([
      ["instagram", 1, 2],
      ["youtube", 0, 1],
    ]);
  });

  it("follows the window it is given: a week keeps only the week's posts", () => {
    const posts = [
      makePost("early", { at: "2026-10-03T00:00:00Z", likes: 50 }),
      makePost("late", { at: "2026-10-26T00:00:00Z", likes: 80 }),
    ];
    const week = breakoutInputs(posts, followers, { from: "2026-10-25", to: "2026-10-31" }, now);
    expect(week.platforms[0]?.candidates.map((c) => c.id)).toEqual(["late"]);
    const quarter = breakoutInputs(posts, followers, { from: "2026-08-03", to: "2026-10-31" }, now);
    expect(quarter.platforms[0]?.candidates.map((c) => c.id)).toEqual(["late", "early"]);
  });
});
