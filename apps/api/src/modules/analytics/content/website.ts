import type { components } from "@brandscope/api-client/schema";
import { compareFigure } from "../figure";
import { addDays, type DayWindow, dayLabel, daysBetween, toDay } from "../periods";
import { windowDays } from "./window";

type WebsiteChannel = components["schemas"]["WebsiteChannel"];

/** A company's article as the content module reads it (db/website.schema.ts). */
export interface ArticlePoint {
  url: string;
  title: string;
  publishedAt: Date;
}

/** Where the company's website reads stand (modules/website/website-articles.ts). */
export interface WebsiteCoverage {
  /** From when the stored articles are complete; null when no read has found articles yet. */
  coveredFrom: Date | null;
  datedBy: "feed" | "sitemap" | null;
  sourceUrl: string | null;
  /** Why the last read found none, as the marketer reads it. */
  problem: string | null;
}

/** Articles per week is judged over a week at least: fewer days say more about the day than the cadence. */
const MIN_COVERED_DAYS = 7;
const ARTICLES_PER_WEEK_RESOLUTION = 0.1;
const LATEST = 5;

const NOT_READ =
  "The website has not been read yet: its articles are read from its feed or sitemap when the brand is collected, then every day.";

/**
 * The website as a content channel (docs/analytics-methods.md §1.8): articles per week in the period against the
 * previous one, articles by week, and the latest. Only days the reads cover count: a feed lists its newest items,
 * so the days before its oldest one are unknown, not empty.
 */
export function websiteChannel(
  articles: readonly ArticlePoint[],
  coverage: WebsiteCoverage | null,
  window: DayWindow,
  previous: DayWindow,
): WebsiteChannel {
  const source = { datedBy: coverage?.datedBy ?? null, sourceUrl: coverage?.sourceUrl ?? null };
  const empty = { ...source, weeks: [], latest: [] };
  if (!coverage?.coveredFrom) {
    const reason = coverage?.problem ?? NOT_READ;
    return {
      status: "no_data",
      reason,
      n: 0,
      articlesPerWeek: compareFigure(null, null, { n: 0, reason }),
      ...empty,
    };
  }
  const coveredFrom = toDay(coverage.coveredFrom);
  // ISO days compare as text.
  const from = coveredFrom.localeCompare(window.from) > 0 ? coveredFrom : window.from;
  const days = from > window.to ? 0 : daysBetween(from, window.to) + 1;
  const inWindow = between(articles, from, window.to);
  if (days < MIN_COVERED_DAYS) {
    const reason =
      days === 0
        ? `The website's articles are known from ${dayLabel(coveredFrom)}, after this period. Choose a later period.`
        : `Articles per week needs ${MIN_COVERED_DAYS} days of the website's articles in the period; they are known from ${dayLabel(coveredFrom)}, ${days} ${days === 1 ? "day" : "days"} of it. Each daily read adds more.`;
    return {
      status: "insufficient_history",
      reason,
      n: inWindow.length,
      articlesPerWeek: compareFigure(null, null, {
        n: inWindow.length,
        missing: "insufficient_history",
        reason,
      }),
      ...empty,
    };
  }
  const previousCovered = coveredFrom <= previous.from;
  const previousRate = previousCovered
    ? (between(articles, previous.from, previous.to).length / windowDays(previous)) * 7
    : null;
  const articlesPerWeek = compareFigure((inWindow.length / days) * 7, previousRate, {
    n: inWindow.length,
    resolution: ARTICLES_PER_WEEK_RESOLUTION,
  });
  const partial =
    from > window.from
      ? { reason: `Counted from ${dayLabel(from)}: the website's articles are known from then.` }
      : {};
  return {
    status: "ok",
    n: inWindow.length,
    ...partial,
    ...source,
    articlesPerWeek,
    weeks: weeksOf(inWindow, from, window.to),
    latest: [...inWindow]
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.url.localeCompare(b.url))
      .slice(0, LATEST)
      .map((a) => ({ title: a.title, url: a.url, publishedAt: a.publishedAt.toISOString() })),
  };
}

function between(articles: readonly ArticlePoint[], from: string, to: string): ArticlePoint[] {
  return articles.filter((a) => {
    const day = toDay(a.publishedAt);
    return day >= from && day <= to;
  });
}

/** Articles by week: seven-day blocks from the first covered day (the last block may be shorter). */
function weeksOf(articles: readonly ArticlePoint[], from: string, to: string): WebsiteChannel["weeks"] {
  const weeks: WebsiteChannel["weeks"] = [];
  for (let start = from; start <= to; start = addDays(start, 7)) {
    const end = addDays(start, 6) < to ? addDays(start, 6) : to;
    weeks.push({ from: start, to: end, articles: between(articles, start, end).length });
  }
  return weeks;
}
