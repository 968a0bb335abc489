import type { components } from "@brandscope/api-client/schema";
import type { DayWindow } from "../periods";
import type { BreakoutInputs } from "./breakout-inputs";
import { latestCompleteMonth } from "./months";
import { type BrandSocialData, PLATFORM_ORDER } from "./platform-figures";
import type { TrafficMonth } from "./traffic";

type Platform = components["schemas"]["SocialNetwork"];

/**
 * What one company contributes to the figures of a landscape (the brand and whichever competitors a workspace
 * follows), stored with its figures so the landscape is combined at read time without touching raw data.
 */
export interface LandscapeInputs {
  /** Posts per platform in the window, for the platforms with any post collected (others: unknown, not 0). */
  posts: { platform: Platform; posts: number }[];
  /** Website visits of the latest complete month by the window end. */
  traffic: { month: string; visits: number } | null;
  /** The company's part of the landscape's breakout test over the window. */
  breakout: BreakoutInputs;
  /**
   * The days the company has posts or follower counts for, first to last (null: none), so a landscape can tell a
   * company without data in its window from one that did not post.
   */
  history: DayWindow | null;
}

export function postCounts(
  data: Pick<BrandSocialData, "posts">,
  window: DayWindow,
): LandscapeInputs["posts"] {
  const from = new Date(`${window.from}T00:00:00.000Z`).getTime();
  const to = new Date(`${window.to}T00:00:00.000Z`).getTime() + 86_400_000;
  const counts = new Map<Platform, number>();
  for (const post of data.posts) {
    const time = post.postedAt.getTime();
    const inWindow = time >= from && time < to ? 1 : 0;
    counts.set(post.platform, (counts.get(post.platform) ?? 0) + inWindow);
  }
  return PLATFORM_ORDER.filter((p) => counts.has(p)).map((platform) => ({
    platform,
    posts: counts.get(platform) ?? 0,
  }));
}

export function monthVisits(rows: readonly TrafficMonth[], window: DayWindow): LandscapeInputs["traffic"] {
  const month = latestCompleteMonth(
    rows.map((r) => r.month),
    window.to,
  );
  if (month === null) return null;
  const known = rows.filter((r) => r.month === month && r.visits !== null);
  // A month whose export has no visits (a GA4 file without Sessions) is left out, never counted as 0 visits.
  if (known.length === 0) return null;
  return { month, visits: known.reduce((sum, r) => sum + (r.visits ?? 0), 0) };
}
