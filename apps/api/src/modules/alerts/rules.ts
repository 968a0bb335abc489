import type { components } from "@brandscope/api-client/schema";
import type { AlertRule, AlertSensitivity } from "../../db/schema";
import { DAY_MS, HOUR_MS } from "../../lib/clock";
import { addDays, type DayWindow, daysBetween, engagementOf, median, windowLabel } from "../analytics";

type Network = components["schemas"]["SocialNetwork"];

/** What a rule found: the alert to store unless its subject fired within the cool-down (docs/alerts.md). */
export interface Fired {
  rule: AlertRule;
  brandId: string | null;
  /** The event, with the rule: an event fires once, ever (deduplication). */
  subject: string;
  /** What the cool-down is keyed on, with the rule: after it fired, the same key stays quiet for `coolDownMs`. */
  coolDownKey: string;
  title: string;
  detail: string;
  link: string;
  period: DayWindow | null;
  /** 0: no cool-down beyond the event's own deduplication. */
  coolDownMs: number;
}

/** Each rule's threshold at each sensitivity (docs/alerts.md "Rules"); medium is the default. */
export const THRESHOLDS = {
  /** |modified z| of the week's median engagement per post against the weeks before. */
  engagement: { low: 5, medium: 3.5, high: 2.5 },
  /** A competitor's breakout z; the breakout list holds posts from 3.5, so high cannot go below it. */
  competitor_breakout: { low: 5, medium: 3.5, high: 3.5 },
  /** |relative change| of a network's followers over seven days. */
  followers: { low: 0.2, medium: 0.1, high: 0.05 },
  /** A query's clicks per day against the period before: at least `ratio` times, and `min` clicks in the period. */
  search_clicks: { low: { ratio: 3, min: 50 }, medium: { ratio: 2, min: 20 }, high: { ratio: 1.5, min: 10 } },
  /** Hours a source has been failing. */
  source_failing: { low: 72, medium: 24, high: 12 },
  /** Share of the plan's imported rows in use. */
  plan_limit: { low: 1, medium: 0.9, high: 0.8 },
} as const satisfies Record<AlertRule, Record<AlertSensitivity, unknown>>;

/** Weeks of history the engagement rule compares with, and how many of them must have posts. */
export const BASELINE_WEEKS = 12;
export const MIN_BASELINE_WEEKS = 8;
/** A week of fewer posts with a known engagement says too little to alert on. */
export const MIN_WEEK_POSTS = 3;
/** A follower change smaller than this many followers is noise for a small account, whatever its share. */
export const MIN_FOLLOWER_CHANGE = 100;
/** Data older than this is history, not news: the rules judge only what is recent. */
export const RECENT_DAYS = 14;
const WEEK_MS = 7 * DAY_MS;

export interface EngagementPost {
  platform: Network;
  day: string;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

export interface WeekValue {
  window: DayWindow;
  /** The median engagement (E, docs/analytics-methods.md §1.1) per post of the week; null without a known one. */
  value: number | null;
  posts: number;
}

/** The week ending on `lastDay` and the BASELINE_WEEKS before it, newest first, each with its median E per post. */
export function weeklyEngagement(posts: readonly EngagementPost[], lastDay: string): WeekValue[] {
  const weeks = Array.from({ length: BASELINE_WEEKS + 1 }, (_, k) => ({
    window: { from: addDays(lastDay, -7 * k - 6), to: addDays(lastDay, -7 * k) },
    values: [] as number[],
  }));
  for (const post of posts) {
    const back = daysBetween(post.day, lastDay);
    const e = engagementOf(post);
    if (back < 0 || e === null) continue;
    weeks[Math.floor(back / 7)]?.values.push(e);
  }
  return weeks.map((w) => ({ window: w.window, value: median(w.values), posts: w.values.length }));
}

export const moduleLink = (module: string, brandId: string, window: DayWindow) =>
  `/${module}?${new URLSearchParams({ brand: brandId, period: "custom", from: window.from, to: window.to })}`;

const number = (n: number) => n.toLocaleString("en-GB", { maximumFractionDigits: 1 });
const percent = (fraction: number) => `${number(Math.abs(fraction) * 100)}%`;

/**
 * An engagement spike or drop: the modified z-score (Iglewicz and Hoaglin) of the week's median engagement per post
 * against the median and MAD of the weeks before, z = 0.6745·(x − median)/MAD (docs/analytics-methods.md §8).
 */
export function engagementRule(
  brand: { id: string; name: string },
  weeks: readonly WeekValue[],
  sensitivity: AlertSensitivity,
): Fired[] {
  const [week, ...before] = weeks;
  if (!week || week.value === null || week.posts < MIN_WEEK_POSTS) return [];
  const baseline = before.flatMap((w) => (w.value === null ? [] : [w.value]));
  if (baseline.length < MIN_BASELINE_WEEKS) return [];
  const centre = median(baseline) as number;
  const mad = median(baseline.map((v) => Math.abs(v - centre))) as number;
  // Over half the weeks alike: no spread to judge a week against.
  if (mad === 0) return [];
  const z = (0.6745 * (week.value - centre)) / mad;
  if (Math.abs(z) < THRESHOLDS.engagement[sensitivity]) return [];
  const direction = z > 0 ? "spike" : "drop";
  return [
    {
      rule: "engagement",
      brandId: brand.id,
      subject: `${direction}:${week.window.to}`,
      coolDownKey: direction,
      title: `Engagement ${direction === "spike" ? "spike" : "drop"} for ${brand.name}`,
      detail:
        `${number(week.value)} engagements per post (median of ${week.posts} posts) between ${windowLabel(week.window)}, ` +
        `against a usual ${number(centre)} (median of ${baseline.length} weeks before; z = ${number(z)}).`,
      link: moduleLink("content", brand.id, week.window),
      period: week.window,
      coolDownMs: WEEK_MS,
    },
  ];
}

export interface BreakoutCandidate {
  id: string;
  companyName: string;
  platform: Network;
  url: string;
  publishedAt: string;
  z: number;
}

/** A competitor's post that breaks out of the landscape (the competitor module's breakout list), once per post. */
export function breakoutRule(
  brand: { id: string },
  window: DayWindow,
  posts: readonly BreakoutCandidate[],
  sensitivity: AlertSensitivity,
): Fired[] {
  return posts
    .filter((p) => p.z >= THRESHOLDS.competitor_breakout[sensitivity])
    .map((p) => ({
      rule: "competitor_breakout",
      brandId: brand.id,
      subject: p.url,
      coolDownKey: p.url,
      title: `Breakout post by ${p.companyName}`,
      detail: `A ${p.platform} post of ${p.publishedAt.slice(0, 10)} far above the landscape's usual engagement (z = ${number(p.z)}): ${p.url}`,
      link: moduleLink("competitor", brand.id, window),
      period: window,
      coolDownMs: 0,
    }));
}

export interface FollowerPoint {
  platform: Network;
  day: string;
  followers: number;
}

/**
 * A follower jump or fall: per network, the newest count (at most RECENT_DAYS old) against the newest one at least
 * seven days before it (and at most fourteen).
 */
export function followerRule(
  brand: { id: string; name: string },
  snapshots: readonly FollowerPoint[],
  today: string,
  sensitivity: AlertSensitivity,
): Fired[] {
  const byNetwork = new Map<Network, FollowerPoint[]>();
  for (const s of snapshots) byNetwork.set(s.platform, [...(byNetwork.get(s.platform) ?? []), s]);
  const fired: Fired[] = [];
  for (const [platform, points] of [...byNetwork].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...points].sort((a, b) => b.day.localeCompare(a.day));
    const last = sorted[0];
    if (!last || daysBetween(last.day, today) > RECENT_DAYS) continue;
    const before = sorted.find((p) => daysBetween(p.day, last.day) >= 7);
    if (!before || daysBetween(before.day, last.day) > 14 || before.followers <= 0) continue;
    const delta = last.followers - before.followers;
    const change = delta / before.followers;
    if (Math.abs(change) < THRESHOLDS.followers[sensitivity] || Math.abs(delta) < MIN_FOLLOWER_CHANGE)
      continue;
    const up = delta > 0;
    const window = { from: before.day, to: last.day };
    fired.push({
      rule: "followers",
      brandId: brand.id,
      subject: `${platform}:${up ? "up" : "down"}:${last.day}`,
      coolDownKey: `${platform}:${up ? "up" : "down"}`,
      title: `${brand.name} ${up ? "gained" : "lost"} ${percent(change)} of its ${platform} followers`,
      detail: `${number(before.followers)} on ${before.day}, ${number(last.followers)} on ${last.day} (${up ? "+" : "−"}${number(Math.abs(delta))}).`,
      link: moduleLink("competitor", brand.id, window),
      period: window,
      coolDownMs: WEEK_MS,
    });
  }
  return fired;
}

export interface QueryClicks {
  query: string;
  clicks: number;
}

export interface SearchSet {
  window: DayWindow;
  queries: readonly QueryClicks[];
}

/**
 * A Search Console query whose clicks rise sharply: clicks per day in the newest period against the period before
 * (a query absent before counts 0), from `min` clicks. Keyword volumes are monthly and often ranges: not an alert.
 */
export function searchClicksRule(
  brand: { id: string; name: string },
  newest: SearchSet,
  previous: SearchSet | null,
  today: string,
  sensitivity: AlertSensitivity,
): Fired[] {
  if (!previous || daysBetween(newest.window.to, today) > RECENT_DAYS) return [];
  const { ratio, min } = THRESHOLDS.search_clicks[sensitivity];
  const days = (w: DayWindow) => daysBetween(w.from, w.to) + 1;
  const before = new Map(previous.queries.map((q) => [q.query.toLowerCase(), q.clicks]));
  return newest.queries
    .flatMap((q) => {
      if (q.clicks < min) return [];
      const perDay = q.clicks / days(newest.window);
      const beforeClicks = before.get(q.query.toLowerCase()) ?? 0;
      const beforePerDay = beforeClicks / days(previous.window);
      return perDay >= ratio * beforePerDay ? [{ ...q, beforeClicks }] : [];
    })
    .sort((a, b) => b.clicks - a.clicks || a.query.localeCompare(b.query))
    .map((q) => ({
      rule: "search_clicks" as const,
      brandId: brand.id,
      subject: `${q.query.toLowerCase()}:${newest.window.to}`,
      coolDownKey: q.query.toLowerCase(),
      title: `Clicks rising for "${q.query}"`,
      detail: `${number(q.clicks)} clicks between ${windowLabel(newest.window)}, against ${number(q.beforeClicks)} between ${windowLabel(previous.window)} (Search Console).`,
      link: `/intent?${new URLSearchParams({ brand: brand.id })}`,
      period: newest.window,
      coolDownMs: WEEK_MS,
    }));
}

export interface FailingSource {
  source: string;
  label: string;
  problem: string | null;
  lastSuccessAt: string | null;
}

/**
 * A source failing for the sensitivity's hours since its last success; once per failure (the subject holds the last
 * success). A source that never worked was seen failing by whoever connected it, and is not alerted.
 */
export function sourceFailingRule(
  brand: { id: string },
  sources: readonly FailingSource[],
  now: Date,
  sensitivity: AlertSensitivity,
): Fired[] {
  const hours = THRESHOLDS.source_failing[sensitivity];
  return sources.flatMap((s) => {
    if (!s.lastSuccessAt) return [];
    const failingMs = now.getTime() - new Date(s.lastSuccessAt).getTime();
    if (failingMs < hours * HOUR_MS) return [];
    return [
      {
        rule: "source_failing" as const,
        brandId: brand.id,
        subject: `${s.source}:${s.lastSuccessAt}`,
        coolDownKey: s.source,
        title: `${s.label} has been failing for ${Math.floor(failingMs / HOUR_MS)} hours`,
        detail: `${s.problem ?? "Its runs fail."} Its last successful read was on ${s.lastSuccessAt.slice(0, 10)}.`,
        link: `/data-sources?${new URLSearchParams({ brand: brand.id })}`,
        period: null,
        coolDownMs: 0,
      },
    ];
  });
}

/** The plan's imported rows used up (or nearly, by sensitivity), once per month at most. */
export function planLimitRule(
  usage: { planName: string; stored: number; limit: number },
  sensitivity: AlertSensitivity,
): Fired[] {
  const share = usage.limit > 0 ? usage.stored / usage.limit : 1;
  if (share < THRESHOLDS.plan_limit[sensitivity]) return [];
  const reached = usage.stored >= usage.limit;
  return [
    {
      rule: "plan_limit",
      brandId: null,
      subject: `imported_rows:${usage.limit}:${reached ? "reached" : "near"}`,
      coolDownKey: `imported_rows:${reached ? "reached" : "near"}`,
      title: reached
        ? `Your ${usage.planName} plan's imported rows are used up`
        : `Your imports use ${percent(share)} of your ${usage.planName} plan's rows`,
      detail: `Your imports keep ${number(usage.stored)} rows of the ${number(usage.limit)} your plan allows. Remove older imports on Data sources, or upgrade to keep more.`,
      link: "/data-sources",
      period: null,
      coolDownMs: 30 * DAY_MS,
    },
  ];
}
