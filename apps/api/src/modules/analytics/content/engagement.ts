import { engagementOf, RATE_BY_VIEWS } from "../competitor/engagement";
import type { ContentPost, FollowerPoint, SocialNetwork } from "./types";

// E_p and the platforms rated by views are one definition for every module: competitor/engagement.ts.

const DAY_MS = 86_400_000;
/** §1.2: a snapshot at or before the post may be this old… */
const SNAPSHOT_MAX_AGE_DAYS = 7;
/** …otherwise interpolate between two snapshots at most this far apart. */
const INTERPOLATION_MAX_GAP_DAYS = 14;

/** Follower snapshots per platform, sorted by day, for the lookups of §1.2. */
export interface FollowerIndex {
  byPlatform: Map<SocialNetwork, { days: number[]; followers: number[] }>;
}

const epochDay = (day: string) => Math.round(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);
/** The UTC day number of a timestamp, without the cost of formatting a date string. */
const postDay = (date: Date) => Math.floor(date.getTime() / DAY_MS);

export function indexFollowers(points: readonly FollowerPoint[]): FollowerIndex {
  const grouped = new Map<SocialNetwork, FollowerPoint[]>();
  for (const point of points) {
    const list = grouped.get(point.platform) ?? [];
    list.push(point);
    grouped.set(point.platform, list);
  }
  const byPlatform: FollowerIndex["byPlatform"] = new Map();
  for (const [platform, list] of grouped) {
    // Duplicate days keep the larger count, so the input order never changes the result.
    const perDay = new Map<number, number>();
    for (const p of list) {
      const day = epochDay(p.day);
      perDay.set(day, Math.max(perDay.get(day) ?? Number.NEGATIVE_INFINITY, p.followers));
    }
    const days = [...perDay.keys()].sort((a, b) => a - b);
    byPlatform.set(platform, { days, followers: days.map((d) => perDay.get(d) as number) });
  }
  return { byPlatform };
}

/** Index of the last snapshot day ≤ `day`, or -1. */
function lastAtOrBefore(days: readonly number[], day: number): number {
  let low = 0;
  let high = days.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((days[mid] as number) <= day) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * F(t) per §1.2 at a UTC day: the latest snapshot ≤ 7 days old, else a linear interpolation between snapshots ≤ 14
 * days apart, else null (no_follower_snapshot).
 */
export function followersAt(index: FollowerIndex, platform: SocialNetwork, date: Date): number | null {
  const series = index.byPlatform.get(platform);
  if (!series) return null;
  const day = postDay(date);
  const before = lastAtOrBefore(series.days, day);
  const beforeDay = series.days[before];
  const beforeValue = series.followers[before];
  if (beforeDay !== undefined && beforeValue !== undefined && day - beforeDay <= SNAPSHOT_MAX_AGE_DAYS) {
    return beforeValue;
  }
  const afterDay = series.days[before + 1];
  const afterValue = series.followers[before + 1];
  if (
    beforeDay === undefined ||
    beforeValue === undefined ||
    afterDay === undefined ||
    afterValue === undefined
  ) {
    return null;
  }
  if (afterDay - beforeDay > INTERPOLATION_MAX_GAP_DAYS) return null;
  return beforeValue + ((afterValue - beforeValue) * (day - beforeDay)) / (afterDay - beforeDay);
}

/**
 * ERf_p = E_p / F(t_p); null without a usable snapshot, with F ≤ 0 or with E unknown. Values > 1 (viral posts) are
 * kept.
 */
export function followerRate(post: ContentPost, index: FollowerIndex): number | null {
  const engagement = engagementOf(post);
  if (engagement === null) return null;
  const followers = followersAt(index, post.platform, post.postedAt);
  return followers === null || followers <= 0 ? null : engagement / followers;
}

/** E > views cannot happen in consistent data (§1.2 `data_inconsistent`). */
export function isViewDataInconsistent(post: ContentPost): boolean {
  const engagement = engagementOf(post);
  return engagement !== null && post.views !== null && post.views > 0 && engagement > post.views;
}

/**
 * ERv_p = E_p / views_p when views > 0 and E is known; inconsistent rows are null so they stay out of medians and
 * means.
 */
export function viewRate(post: ContentPost): number | null {
  const engagement = engagementOf(post);
  if (engagement === null || post.views === null || post.views <= 0 || engagement > post.views) return null;
  return engagement / post.views;
}

export const isViewBased = (platform: SocialNetwork) => RATE_BY_VIEWS[platform];

/** The rate a post is shown and ranked with: ERv on TikTok and YouTube, ERf elsewhere (§1.2). */
export function headlineRate(post: ContentPost, index: FollowerIndex): number | null {
  return isViewBased(post.platform) ? viewRate(post) : followerRate(post, index);
}
