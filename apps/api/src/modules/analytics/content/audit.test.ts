import { describe, expect, it } from "vitest";
import { type AuditInput, auditSection } from "./audit";
import { indexFollowers } from "./engagement";
import { dailyFollowers, makePost } from "./test-fixtures";
import type { ContentPost } from "./types";
import { postsInWindow } from "./window";

const window = { from: "2024-04-01", to: "2024-04-28" };
const previous = { from: "2024-03-04", to: "2024-03-31" };
const followers = indexFollowers(dailyFollowers("instagram", "2024-01-01", 130, 1000));

function audit(posts: ContentPost[], w = window, p = previous) {
  const input: AuditInput = {
    posts,
    windowPosts: postsInWindow(posts, w),
    previousPosts: postsInWindow(posts, p),
    window: w,
    previous: p,
    followers,
  };
  return auditSection(input);
}

const day = (base: string, plus: number) =>
  new Date(Date.parse(`${base}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);

describe("audit: posting frequency and engagement rate", () => {
  const current = Array.from({ length: 8 }, (_, i) =>
    makePost(`c${i}`, { likes: 20, at: `${day("2024-04-01", i * 3)}T10:00:00Z` }),
  );
  const before = Array.from({ length: 4 }, (_, i) =>
    makePost(`b${i}`, { likes: 10, at: `${day("2024-03-04", i * 7)}T10:00:00Z` }),
  );

  it("compares posts per week with the previous period", () => {
    const result = audit([...current, ...before]);
    expect(result.status).toBe("ok");
    expect(result.postsPerWeek).toMatchObject({
      value: 2,
      previous: 1,
      change: 1,
      direction: "increase",
      n: 8,
    });
  });

  it("gives the account ER (mean ERf) against the previous period", () => {
    const result = audit([...current, ...before]);
    expect(result.engagementRate.value).toBeCloseTo(0.02, 12);
    expect(result.engagementRate.previous).toBeCloseTo(0.01, 12);
    expect(result.engagementRate.direction).toBe("increase");
  });

  it("leaves posts of unknown engagement out of the rate and says how many, never reading them as 0", () => {
    const unknown = Array.from({ length: 3 }, (_, i) =>
      makePost(`u${i}`, { likes: null, at: `${day("2024-04-02", i * 3)}T10:00:00Z` }),
    );
    const result = audit([...current, ...unknown, ...before]);
    expect(result.engagementRate.value).toBeCloseTo(0.02, 12);
    expect(result.engagementRate).toMatchObject({ n: 8, unknownEngagement: 3 });
    const none = audit(unknown).engagementRate;
    expect(none).toMatchObject({ value: null, unknownEngagement: 3 });
    expect(none.reason).toContain("all 3 posts of this period are not known");
  });

  it("needs 28 days for a weekly rate", () => {
    const short = { from: "2024-04-22", to: "2024-04-28" };
    const result = audit(current, short, { from: "2024-04-15", to: "2024-04-21" });
    expect(result.postsPerWeek).toMatchObject({
      value: null,
      status: "insufficient_history",
      reason: "Posts per week needs a period of 28 days or more; this one has 7. Choose a longer period.",
    });
  });

  it("has no previous value when the history does not reach the previous period", () => {
    expect(audit(current).postsPerWeek).toMatchObject({ value: 2, previous: null, direction: null });
  });

  it("says there is no figure, not zero, for a brand without posts, and zero for one that stopped posting", () => {
    expect(audit([]).postsPerWeek).toMatchObject({
      value: null,
      status: "no_data",
      reason: expect.stringMatching(/^No posts in this period/),
    });
    expect(audit(before).postsPerWeek).toMatchObject({ value: 0, previous: 1, direction: "decrease" });
  });
});

describe("audit: formats", () => {
  it("gives each format's share and its median ER from 5 rated posts", () => {
    const at = "2024-04-10T10:00:00Z";
    const images = [10, 20, 30, 40, 50, 60].map((likes, i) => makePost(`i${i}`, { likes, at }));
    const videos = [
      makePost("v1", { format: "video", likes: 5, at }),
      makePost("v2", { format: "video", at }),
    ];
    const result = audit([...images, ...videos]);
    expect(result.formats).toEqual([
      { label: "image", count: 6, share: 0.75, color: "var(--chart-1)", medianEngagementRate: 0.035 },
      { label: "video", count: 2, share: 0.25, color: "var(--chart-2)", medianEngagementRate: null },
    ]);
  });
});

describe("audit: best times", () => {
  // Mondays of the eight weeks before 2024-04-28.
  const monday = (week: number) => day("2024-03-04", week * 7);
  const at = (week: number, offset: number, time: string) => `${day(monday(week), offset)}T${time}Z`;
  const planted = [
    // 40 ordinary posts (ER 0.02) on Tuesdays at noon and Fridays at 15:00.
    ...Array.from({ length: 20 }, (_, i) =>
      makePost(`tue${i}`, { likes: 20, at: at(i % 8, 1, `12:${10 + i}:00`) }),
    ),
    ...Array.from({ length: 20 }, (_, i) =>
      makePost(`fri${i}`, { likes: 20, at: at(i % 8, 4, `15:${10 + i}:00`) }),
    ),
    // Wednesday 18–21 h triples the usual rate; Monday 9–12 h is 1.5×.
    ...Array.from({ length: 6 }, (_, i) => makePost(`wed${i}`, { likes: 60, at: at(i, 2, "19:30:00") })),
    ...Array.from({ length: 6 }, (_, i) => makePost(`mon${i}`, { likes: 30, at: at(i, 0, "10:00:00") })),
    // A thin cell: a high rate on only 3 posts is not shown.
    ...Array.from({ length: 3 }, (_, i) => makePost(`sat${i}`, { likes: 200, at: at(i, 5, "01:00:00") })),
  ];

  it("ranks weekday × 3-hour cells with shrinkage and shows the top 3 with n ≥ 5", () => {
    expect(audit(planted).bestTimes).toEqual([
      { weekday: 3, hourFrom: 18, hourTo: 21, n: 6 },
      { weekday: 1, hourFrom: 9, hourTo: 12, n: 6 },
      { weekday: 2, hourFrom: 12, hourTo: 15, n: 20 },
    ]);
  });

  it("is empty with fewer than 30 posts", () => {
    expect(audit(planted.slice(20, 49)).bestTimes).toEqual([]);
  });
});

describe("audit: caption tone", () => {
  const at = "2024-04-10T10:00:00Z";
  const texts = [
    ...Array(12).fill("We love this amazing new collection, absolutely wonderful!"),
    ...Array(5).fill("This is terrible news, we are sad and disappointed."),
    ...Array(3).fill("The store opens on Monday at 9."),
    "",
    "",
  ];
  const posts = texts.map((text, i) => makePost(`s${i}`, { text, at }));

  it("classes captions at ±0.05 and reports coverage", () => {
    const { sentiment } = audit(posts);
    expect(sentiment).toEqual({
      status: "ok",
      n: 20,
      positive: 0.6,
      neutral: 0.15,
      negative: 0.25,
      coverage: 20 / 22,
    });
  });

  it("needs 20 scored captions", () => {
    expect(audit(posts.slice(2)).sentiment).toMatchObject({
      status: "insufficient_history",
      reason:
        "Sentiment needs 20 captions to score; the period has 18. Choose a longer period or import more posts.",
    });
  });
});
