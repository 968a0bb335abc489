import { hasKnownEngagement } from "../competitor/engagement";
import { winsorisedMean } from "../statistics";
import { type FollowerIndex, followerRate, followersAt } from "./engagement";
import type { ContentPost, SocialNetwork } from "./types";

export interface AccountRate {
  /** Null when no post has a follower snapshot (no_follower_snapshot). */
  value: number | null;
  /** Posts with a valid denominator. */
  n: number;
  /** Posts left out because their engagement is unknown (an export without likes, §0). */
  unknown: number;
}

/**
 * Account ER for a set of posts (§1.2): per platform the winsorised mean of ERf_p, then Σ F_c·ERf_c / Σ F_c. Every
 * platform with follower snapshots counts, TikTok and YouTube included, because the weighting needs a follower
 * denominator; F_c is the mean audience at the posts' times, so a platform's weight matches the posts averaged.
 */
export function accountEngagementRate(posts: readonly ContentPost[], index: FollowerIndex): AccountRate {
  const perPlatform = new Map<SocialNetwork, { rates: number[]; followers: number[] }>();
  for (const post of posts) {
    const rate = followerRate(post, index);
    const followers = followersAt(index, post.platform, post.postedAt);
    if (rate === null || followers === null) continue;
    const entry = perPlatform.get(post.platform) ?? { rates: [], followers: [] };
    entry.rates.push(rate);
    entry.followers.push(followers);
    perPlatform.set(post.platform, entry);
  }
  let weighted = 0;
  let weights = 0;
  let n = 0;
  // Sorted so floating-point sums are the same whatever the input order.
  for (const platform of [...perPlatform.keys()].sort()) {
    const { rates, followers } = perPlatform.get(platform) as { rates: number[]; followers: number[] };
    const rate = winsorisedMean(rates) as number;
    const audience = followers.reduce((a, b) => a + b, 0) / followers.length;
    weighted += audience * rate;
    weights += audience;
    n += rates.length;
  }
  const unknown = posts.filter((post) => !hasKnownEngagement(post)).length;
  return { value: weights > 0 ? weighted / weights : null, n, unknown };
}
