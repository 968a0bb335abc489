import { describe, expect, it } from "vitest";
import { addDays } from "../analytics/periods";
import {
  breakoutRule,
  engagementRule,
  followerRule,
  planLimitRule,
  searchClicksRule,
  sourceFailingRule,
  type WeekValue,
  weeklyEngagement,
} from "./rules";

// Issue 31, alerts: each alert rule firing and not firing on exact figures (docs/alerts.md).

const brand = { id: "00000000-0000-4000-8000-000000000001", name: "Oakridge Roasters" };
const LAST = "2026-11-29";

/** The twelve weeks before: median 100, MAD 1 (deviations 0,0,0,0,1,1,1,1,2,2,3,3). */
const BASELINE = [100, 102, 98, 101, 99, 100, 103, 97, 100, 101, 99, 100];
const weeks = (week: number, posts = 5, baseline: (number | null)[] = BASELINE): WeekValue[] =>
  [week, ...baseline].map((value, k) => ({
    window: { from: addDays(LAST, -7 * k - 6), to: addDays(LAST, -7 * k) },
    value,
    posts: value === null ? 0 : posts,
  }));

describe("engagement spike or drop", () => {
  it("fires on a week 6 above the median of a MAD of 1: z = 0.6745 × 6 = 4.05 ≥ 3.5", () => {
    const [alert, ...rest] = engagementRule(brand, weeks(106), "medium");
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      rule: "engagement",
      subject: "spike:2026-11-29",
      coolDownKey: "spike",
      title: "Engagement spike for Oakridge Roasters",
    });
    expect(alert?.detail).toContain("106 engagements per post (median of 5 posts)");
    expect(alert?.detail).toContain("against a usual 100 (median of 12 weeks before; z = 4)");
  });

  it("fires a drop for 94 (z = −4.05)", () => {
    expect(engagementRule(brand, weeks(94), "medium").map((a) => a.coolDownKey)).toEqual(["drop"]);
  });

  it("does not fire on 104 (z = 2.70) at medium, fires at high (2.5), not at low (5)", () => {
    expect(engagementRule(brand, weeks(104), "medium")).toEqual([]);
    expect(engagementRule(brand, weeks(104), "high").map((a) => a.coolDownKey)).toEqual(["spike"]);
    expect(engagementRule(brand, weeks(106), "low")).toEqual([]);
  });

  it("does not judge a week of 2 posts, or with fewer than 8 weeks before it, or a MAD of 0", () => {
    expect(engagementRule(brand, weeks(200, 2), "medium")).toEqual([]);
    const short = [100, 101, 99, 100, 102, 98, 100, null, null, null, null, null];
    expect(engagementRule(brand, weeks(200, 5, short), "medium")).toEqual([]);
    expect(engagementRule(brand, weeks(200, 5, Array(12).fill(100)), "medium")).toEqual([]);
  });

  it("buckets posts by week back from the last day, the median E of each", () => {
    const post = (day: string, likes: number | null) => ({
      platform: "instagram" as const,
      day,
      likes,
      comments: 10,
      shares: null,
    });
    const result = weeklyEngagement(
      [
        post("2026-11-29", 90),
        post("2026-11-23", 110),
        post("2026-11-25", 200),
        post("2026-11-22", 40),
        post("2026-11-20", null),
      ],
      LAST,
    );
    expect(result).toHaveLength(13);
    expect(result[0]).toEqual({ window: { from: "2026-11-23", to: "2026-11-29" }, value: 120, posts: 3 });
    // The unknown E (likes missing) takes no part: one post of E 50 in the week before.
    expect(result[1]).toEqual({ window: { from: "2026-11-16", to: "2026-11-22" }, value: 50, posts: 1 });
    expect(result[12]?.window).toEqual({ from: "2026-08-31", to: "2026-09-06" });
  });
});

describe("competitor breakout", () => {
  const window = { from: "2026-11-23", to: "2026-11-29" };
  const post = (z: number) => ({
    id: `p${z}`,
    companyName: "Fernhill Beans",
    platform: "instagram" as const,
    url: `https://instagram.example/p/${z}`,
    publishedAt: "2026-11-26T12:00:00.000Z",
    z,
  });
  it("fires for a z of 3.6 at medium, with a link to the competitor module at the week; not at low (5)", () => {
    const [alert] = breakoutRule(brand, window, [post(3.6)], "medium");
    expect(alert).toMatchObject({
      subject: "https://instagram.example/p/3.6",
      coolDownMs: 0,
      title: "Breakout post by Fernhill Beans",
      link: `/competitor?brand=${brand.id}&period=custom&from=2026-11-23&to=2026-11-29`,
    });
    expect(breakoutRule(brand, window, [post(3.6)], "low")).toEqual([]);
    expect(breakoutRule(brand, window, [post(5.2)], "low")).toHaveLength(1);
  });
});

describe("follower jump or fall", () => {
  const snap = (day: string, followers: number, platform: "instagram" | "youtube" = "instagram") => ({
    platform,
    day,
    followers,
  });
  it("fires on 1,000 → 1,150 in seven days (+15%) at medium (10%), not at low (20%)", () => {
    const points = [snap("2026-11-15", 900), snap("2026-11-22", 1000), snap("2026-11-29", 1150)];
    const [alert, ...rest] = followerRule(brand, points, "2026-11-30", "medium");
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      subject: "instagram:up:2026-11-29",
      coolDownKey: "instagram:up",
      title: "Oakridge Roasters gained 15% of its instagram followers",
      detail: "1,000 on 2026-11-22, 1,150 on 2026-11-29 (+150).",
      period: { from: "2026-11-22", to: "2026-11-29" },
    });
    expect(followerRule(brand, points, "2026-11-30", "low")).toEqual([]);
  });
  it("fires a fall, and not for a change under 100 followers, or data older than 14 days", () => {
    const fall = followerRule(
      brand,
      [snap("2026-11-20", 5000), snap("2026-11-28", 4400)],
      "2026-11-30",
      "medium",
    );
    expect(fall.map((a) => a.coolDownKey)).toEqual(["instagram:down"]);
    expect(
      followerRule(brand, [snap("2026-11-22", 500), snap("2026-11-29", 580)], "2026-11-30", "medium"),
    ).toEqual([]);
    expect(
      followerRule(brand, [snap("2026-11-01", 1000), snap("2026-11-08", 2000)], "2026-11-30", "medium"),
    ).toEqual([]);
  });
});

describe("Search Console clicks", () => {
  const newest = {
    window: { from: "2026-11-16", to: "2026-11-29" },
    queries: [
      { query: "Cold Brew", clicks: 60 },
      { query: "oakridge", clicks: 300 },
      { query: "decaf beans", clicks: 25 },
      { query: "espresso", clicks: 8 },
    ],
  };
  const previous = {
    window: { from: "2026-11-02", to: "2026-11-15" },
    queries: [
      { query: "cold brew", clicks: 20 },
      { query: "Oakridge", clicks: 280 },
      { query: "espresso", clicks: 1 },
    ],
  };
  it("fires for 20 → 60 (×3) and a new query of 25 clicks at medium; not for 280 → 300 nor 8 clicks", () => {
    const fired = searchClicksRule(brand, newest, previous, "2026-11-30", "medium");
    expect(fired.map((a) => a.subject)).toEqual(["cold brew:2026-11-29", "decaf beans:2026-11-29"]);
    expect(fired[0]?.detail).toBe(
      "60 clicks between 16–29 Nov 2026, against 20 between 2–15 Nov 2026 (Search Console).",
    );
  });
  it("at low (×3, 50 clicks) only cold brew; without a period before, or with old data, nothing", () => {
    expect(searchClicksRule(brand, newest, previous, "2026-11-30", "low").map((a) => a.coolDownKey)).toEqual([
      "cold brew",
    ]);
    expect(searchClicksRule(brand, newest, null, "2026-11-30", "medium")).toEqual([]);
    expect(searchClicksRule(brand, newest, previous, "2026-12-20", "medium")).toEqual([]);
  });
});

describe("source failing", () => {
  const now = new Date("2026-11-30T12:00:00.000Z");
  const source = (lastSuccessAt: string | null) => ({
    source: "youtube",
    label: "YouTube",
    problem: "YouTube refused the API key.",
    lastSuccessAt,
  });
  it("fires after 25 hours without a success at medium (24), not after 23; once per failure", () => {
    const [alert] = sourceFailingRule(brand, [source("2026-11-29T11:00:00.000Z")], now, "medium");
    expect(alert).toMatchObject({
      title: "YouTube has been failing for 25 hours",
      subject: "youtube:2026-11-29T11:00:00.000Z",
      coolDownKey: "youtube",
    });
    expect(sourceFailingRule(brand, [source("2026-11-29T13:00:00.000Z")], now, "medium")).toEqual([]);
    expect(sourceFailingRule(brand, [source(null)], now, "medium")).toEqual([]);
  });
});

describe("plan limit", () => {
  it("fires at 230,000 of 250,000 rows (92%) at medium (90%), not at low (100%); used up says so", () => {
    const near = planLimitRule({ planName: "Starter", stored: 230_000, limit: 250_000 }, "medium");
    expect(near.map((a) => a.title)).toEqual(["Your imports use 92% of your Starter plan's rows"]);
    expect(planLimitRule({ planName: "Starter", stored: 230_000, limit: 250_000 }, "low")).toEqual([]);
    const full = planLimitRule({ planName: "Starter", stored: 250_000, limit: 250_000 }, "low");
    expect(full.map((a) => a.title)).toEqual(["Your Starter plan's imported rows are used up"]);
  });
});
