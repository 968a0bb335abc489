import type { components } from "@brandscope/api-client/schema";
import { addDays, type DayWindow, toDay } from "../periods";
import { quantileSorted, sortedCopy } from "../statistics";
import { engagementOf, RATE_BY_VIEWS } from "./engagement";
import { type DaySnapshot, followerGrowth, followersOnDay, latestSnapshot } from "./followers-at";

type Schemas = components["schemas"];
type Platform = Schemas["SocialNetwork"];

export interface BrandSocialData {
  /** `roundedTo`: the count's rounding step when its source rounds it (YouTube), null or absent when exact. */
  followers: { platform: Platform; day: string; followers: number; roundedTo?: number | null }[];
  posts: {
    platform: Platform;
    postedAt: Date;
    likes: number | null;
    comments: number | null;
    shares: number | null;
    views: number | null;
  }[];
}

/** The fixed order of platforms in every chart, so two companies line up. */
export const PLATFORM_ORDER: readonly Platform[] = [
  "facebook",
  "instagram",
  "youtube",
  "tiktok",
  "linkedin",
  "twitter",
];

/** Side-by-side audience needs a snapshot within ±3 days of the window end (§2). */
const AUDIENCE_MAX_AGE_DAYS = 3;

/**
 * Mean of per-post rates capped at their own p99 (§0: a mean of heavy-tailed social figures is winsorised first;
 * §1.2: a viral ERf > 1 is kept per post and only tamed in averages).
 */
function winsorisedMean(rates: readonly number[]): number | null {
  if (rates.length === 0) return null;
  const cap = quantileSorted(sortedCopy(rates), 0.99);
  return rates.reduce((sum, r) => sum + Math.min(r, cap), 0) / rates.length;
}

/** Whether any of the company's posts or follower counts, on any platform, falls in the window. */
function hasDataIn(data: BrandSocialData, window: DayWindow): boolean {
  return (
    data.followers.some((f) => f.day >= window.from && f.day <= window.to) ||
    data.posts.some((p) => {
      const day = toDay(p.postedAt);
      return day >= window.from && day <= window.to;
    })
  );
}

/**
 * Side by side per platform (§2): followers at the window end and their growth over the window (a rounded count's
 * change below its rounding step is no measurable change: null), Σ E_p of the posts in the window, and the
 * account ER = mean per-post ER over posts with a valid denominator (§1.2: by follower, or by views on TikTok and
 * YouTube). A platform appears when the company has followers or posts on it; engagement is null (not 0) when
 * no posts were ever collected for that platform, or when the company has no data at all in the window (its
 * import ends before it, say): nothing says it did not post then.
 */
export function platformFigures(data: BrandSocialData, window: DayWindow): Schemas["PlatformFigures"][] {
  const result: Schemas["PlatformFigures"][] = [];
  const covered = hasDataIn(data, window);
  for (const platform of PLATFORM_ORDER) {
    const snapshots: DaySnapshot[] = data.followers
      .filter((f) => f.platform === platform)
      .map((f) => ({ day: f.day, followers: f.followers, roundedTo: f.roundedTo ?? null }))
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const allPosts = data.posts.filter((p) => p.platform === platform);
    if (snapshots.length === 0 && allPosts.length === 0) continue;
    const posts = allPosts.filter((p) => {
      const day = toDay(p.postedAt);
      return day >= window.from && day <= window.to;
    });
    const rates: number[] = [];
    let engagement: number | null = 0;
    for (const post of posts) {
      const e = engagementOf(post);
      // One post of unknown engagement makes the window's total unknown; its rate is left out of the mean.
      engagement = engagement === null || e === null ? null : engagement + e;
      if (e === null) continue;
      const denominator = RATE_BY_VIEWS[platform]
        ? post.views
        : followersOnDay(snapshots, toDay(post.postedAt));
      if (denominator !== null && denominator > 0) rates.push(e / denominator);
    }
    const end = latestSnapshot(snapshots, window.to, AUDIENCE_MAX_AGE_DAYS);
    const start = latestSnapshot(snapshots, addDays(window.from, -1), AUDIENCE_MAX_AGE_DAYS);
    result.push({
      platform,
      audience: end?.followers ?? null,
      audienceRoundedTo: end?.roundedTo ?? null,
      audienceGrowth: followerGrowth(start, end),
      engagement: allPosts.length === 0 || !covered ? null : engagement,
      engagementRate: winsorisedMean(rates),
    });
  }
  return result;
}
