import { compareFigure } from "../figure";
import type { DayWindow } from "../periods";
import { median } from "../statistics";
import { accountEngagementRate } from "./account-rate";
import { bestTimes } from "./best-times";
import { rankColor } from "./colors";
import { type FollowerIndex, headlineRate } from "./engagement";
import { allEngagementUnknown, NO_POSTS, unknownEngagementField } from "./reasons";
import { sentimentSection } from "./sentiment";
import type { ContentPost, Schemas } from "./types";
import { compareIds, postDayOf, windowDays } from "./window";

export type AuditSection = Schemas["ContentAnalytics"]["audit"];
type Figure = Schemas["Figure"];
type FormatSlice = AuditSection["formats"][number];

/** §1.6: a weekly rate needs at least four complete weeks. */
const MIN_WINDOW_DAYS = 28;
const MIN_FORMAT_POSTS = 5;
const POSTS_PER_WEEK_RESOLUTION = 0.1;

export interface AuditInput {
  /** Every post given to the module (the previous window and 90 days before it included). */
  posts: readonly ContentPost[];
  windowPosts: readonly ContentPost[];
  previousPosts: readonly ContentPost[];
  window: DayWindow;
  previous: DayWindow;
  followers: FollowerIndex;
}

function postsPerWeek(input: AuditInput): Figure {
  const days = windowDays(input.window);
  const n = input.windowPosts.length;
  if (days < MIN_WINDOW_DAYS) {
    return compareFigure(null, null, {
      n,
      missing: "insufficient_history",
      reason: `Posts per week needs a period of ${MIN_WINDOW_DAYS} days or more; this one has ${days}. Choose a longer period.`,
    });
  }
  // No post at all in the loaded history (nothing imported yet, or a period before the first post): the rate is
  // unknown, not zero. A brand that posted before and then stopped does have a zero.
  if (input.posts.length === 0) return compareFigure(null, null, { n: 0, reason: NO_POSTS });
  const weeks = days / 7;
  // Zero posts last period is a real zero only when the stored history reaches back that far.
  const historyReachesPrevious = input.posts.some((post) => postDayOf(post) <= input.previous.to);
  const previous = historyReachesPrevious ? input.previousPosts.length / weeks : null;
  return compareFigure(n / weeks, previous, { n, resolution: POSTS_PER_WEEK_RESOLUTION });
}

function engagementRate(input: AuditInput): Figure {
  const current = accountEngagementRate(input.windowPosts, input.followers);
  const previous = accountEngagementRate(input.previousPosts, input.followers);
  const allUnknown = current.unknown > 0 && current.unknown === input.windowPosts.length;
  return {
    ...compareFigure(current.value, previous.value, {
      n: current.n,
      reason: allUnknown
        ? allEngagementUnknown(current.unknown)
        : "No post in this period has a follower count within 7 days of it. Import a follower history (TikTok, LinkedIn) or connect YouTube on Data sources.",
    }),
    ...unknownEngagementField(current.unknown),
  };
}

/**
 * Format mix (§1.3) with the median headline rate per format. The rate mixes ERf and ERv when a format spans
 * platforms; it is greyed (null) below five rated posts.
 */
function formats(windowPosts: readonly ContentPost[], followers: FollowerIndex): FormatSlice[] {
  const byFormat = new Map<string, ContentPost[]>();
  for (const post of windowPosts) {
    const list = byFormat.get(post.format) ?? [];
    list.push(post);
    byFormat.set(post.format, list);
  }
  return [...byFormat]
    .sort(([a, x], [b, y]) => y.length - x.length || compareIds(a, b))
    .map(([format, posts], rank) => {
      const rates = posts.map((p) => headlineRate(p, followers)).filter((r): r is number => r !== null);
      return {
        label: format,
        count: posts.length,
        share: posts.length / windowPosts.length,
        color: rankColor(rank),
        medianEngagementRate: rates.length >= MIN_FORMAT_POSTS ? median(rates) : null,
      };
    });
}

export function auditSection(input: AuditInput): AuditSection {
  const base = {
    postsPerWeek: postsPerWeek(input),
    engagementRate: engagementRate(input),
    formats: formats(input.windowPosts, input.followers),
    bestTimes: bestTimes(input.posts, input.window.to, input.followers),
    sentiment: sentimentSection(input.windowPosts),
  };
  if (input.windowPosts.length === 0) return { status: "no_data", reason: NO_POSTS, n: 0, ...base };
  return { status: "ok", n: input.windowPosts.length, ...base };
}
