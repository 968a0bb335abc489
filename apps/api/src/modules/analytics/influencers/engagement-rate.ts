import { engagementOf, RATE_BY_VIEWS } from "../competitor/engagement";
import { median } from "../statistics";
import type { InfluencerInput, InfluencerPostInput } from "./types";

const DAY_MS = 86_400_000;
/** §4: the last 12 posts within 90 days, at least 6. */
export const ER_POSTS = 12;
export const ER_MIN_POSTS = 6;
const ER_WINDOW_DAYS = 90;

/** The posts ER is measured on: newest first, the last 12 posted in the 90 days up to `now`. */
export function recentWindowPosts(posts: readonly InfluencerPostInput[], now: Date): InfluencerPostInput[] {
  const since = now.getTime() - ER_WINDOW_DAYS * DAY_MS;
  return posts
    .filter((p) => p.postedAt.getTime() > since && p.postedAt.getTime() <= now.getTime())
    .sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime())
    .slice(0, ER_POSTS);
}

/**
 * Influencer ER (§4). Follower platforms: median(E_p)/F, so one viral post does not lift it (Modash's choice);
 * TikTok and YouTube: ΣE/Σviews over posts that show views (Modash: average likes / average views).
 */
export function influencerEngagementRate(
  i: InfluencerInput,
  now: Date,
): { value: number | null; reason?: string; n: number } {
  const posts = recentWindowPosts(i.recentPosts, now);
  if (posts.length < ER_MIN_POSTS) {
    return {
      value: null,
      n: posts.length,
      reason: `Needs ${ER_MIN_POSTS} posts in 90 days, has ${posts.length}`,
    };
  }
  // Posts whose engagement is unknown (a hidden count) are left out, never counted as 0.
  const known = posts.flatMap((p) => {
    const engagement = engagementOf({ ...p, platform: i.platform });
    return engagement === null ? [] : [{ ...p, engagement }];
  });
  if (RATE_BY_VIEWS[i.platform]) {
    const viewed = known.filter((p): p is typeof p & { views: number } => p.views !== null && p.views > 0);
    if (viewed.length < ER_MIN_POSTS) {
      return {
        value: null,
        n: viewed.length,
        reason: `Rated by views on this platform, and only ${viewed.length} of ${posts.length} recent posts show them with their engagement.`,
      };
    }
    const engagement = viewed.reduce((s, p) => s + p.engagement, 0);
    const views = viewed.reduce((s, p) => s + p.views, 0);
    return { value: engagement / views, n: viewed.length };
  }
  if (!(i.followers > 0))
    return { value: null, n: posts.length, reason: "The profile shows no follower count." };
  if (known.length < ER_MIN_POSTS) {
    return {
      value: null,
      n: known.length,
      reason: `Only ${known.length} of ${posts.length} recent posts show their engagement; needs ${ER_MIN_POSTS}.`,
    };
  }
  return { value: (median(known.map((p) => p.engagement)) ?? 0) / i.followers, n: known.length };
}

/** Comments per like over the ER posts; the benchmark cell says whether it is unusual. */
export function commentToLikeRatio(posts: readonly InfluencerPostInput[]): number | null {
  const likes = posts.reduce((s, p) => s + p.likes, 0);
  return likes > 0 ? posts.reduce((s, p) => s + p.comments, 0) / likes : null;
}
