import { describe, expect, it } from "vitest";
import { type ArticlePoint, type WebsiteCoverage, websiteChannel } from "./website";

const window = { from: "2026-10-27", to: "2026-11-25" };
const previous = { from: "2026-09-27", to: "2026-10-26" };
const feed = (coveredFrom: string): WebsiteCoverage => ({
  coveredFrom: new Date(`${coveredFrom}T00:00:00Z`),
  datedBy: "feed",
  sourceUrl: "https://acme.example/feed",
  problem: null,
});
/** One article every `every` days, back from the 25th of November. */
const every = (every: number, count: number): ArticlePoint[] =>
  Array.from({ length: count }, (_, i) => ({
    url: `https://acme.example/blog/${i}`,
    title: `Article ${i}`,
    publishedAt: new Date(Date.UTC(2026, 10, 25 - i * every, 9)),
  }));

describe("websiteChannel", () => {
  it("counts articles per week in the period against the previous one, by week, with the latest", () => {
    const articles = every(2, 30); // 15 in this period, 15 in the previous one
    const channel = websiteChannel(articles, feed("2026-09-01"), window, previous);
    expect(channel.status).toBe("ok");
    expect(channel.articlesPerWeek).toMatchObject({
      value: 3.5,
      previous: 3.5,
      direction: "unchanged",
      n: 15,
    });
    expect(channel.weeks).toHaveLength(5);
    expect(channel.weeks[0]).toEqual({ from: "2026-10-27", to: "2026-11-02", articles: 3 });
    expect(channel.weeks.at(-1)).toEqual({ from: "2026-11-24", to: "2026-11-25", articles: 1 });
    expect(channel.weeks.reduce((sum, w) => sum + w.articles, 0)).toBe(15);
    expect(channel.latest.map((a) => a.title)).toEqual([
      "Article 0",
      "Article 1",
      "Article 2",
      "Article 3",
      "Article 4",
    ]);
    expect(channel).toMatchObject({ datedBy: "feed", sourceUrl: "https://acme.example/feed" });
  });

  it("counts only the days the reads cover, and has no previous value before them", () => {
    const channel = websiteChannel(every(1, 14), feed("2026-11-12"), window, previous);
    expect(channel).toMatchObject({
      status: "ok",
      reason: "Counted from 12 Nov 2026: the website's articles are known from then.",
    });
    expect(channel.articlesPerWeek).toMatchObject({ value: 7, previous: null, direction: null });
  });

  it("says why there is no figure: not read yet, a read's problem, too few days, or after the period", () => {
    expect(websiteChannel([], null, window, previous)).toMatchObject({
      status: "no_data",
      reason: expect.stringMatching(/not been read yet/),
    });
    const problem = { coveredFrom: null, datedBy: null, sourceUrl: null, problem: "No articles found: …" };
    expect(websiteChannel([], problem, window, previous)).toMatchObject({
      status: "no_data",
      reason: "No articles found: …",
    });
    expect(websiteChannel(every(1, 3), feed("2026-11-23"), window, previous)).toMatchObject({
      status: "insufficient_history",
      reason: expect.stringMatching(/needs 7 days .* known from 23 Nov 2026, 3 days of it/),
      n: 3,
      articlesPerWeek: { value: null, status: "insufficient_history" },
    });
    expect(websiteChannel(every(1, 3), feed("2026-12-01"), window, previous)).toMatchObject({
      status: "insufficient_history",
      reason: expect.stringMatching(/after this period/),
    });
  });
});
