import type { components } from "@brandscope/api-client/schema";

type Platform = components["schemas"]["SocialNetwork"];

export interface EngagementCounts {
  platform: Platform;
  likes: number;
  comments: number;
  /** null where the platform does not expose shares: missing, never 0. */
  shares: number | null;
}

/**
 * Platforms whose public share/repost count is part of `E` (docs/analytics-methods.md §1.1). Instagram shares are
 * left out for parity: most compared accounts do not expose them; YouTube has no public share count.
 */
const COUNTS_SHARES: Readonly<Record<Platform, boolean>> = {
  facebook: true,
  instagram: false,
  youtube: false,
  tiktok: true,
  linkedin: true,
  twitter: true,
};

/**
 * Engagements of one post, `E_p` (§1.1). Our imports store reactions as `likes` and replies as `comments`. A
 * missing share count adds nothing rather than making the post unusable: the other counts are still real.
 */
export function engagementOf(post: EngagementCounts): number {
  const shares = COUNTS_SHARES[post.platform] ? (post.shares ?? 0) : 0;
  return post.likes + post.comments + shares;
}

/** Platforms whose headline engagement rate is per view rather than per follower (§1.2). */
export const RATE_BY_VIEWS: Readonly<Record<Platform, boolean>> = {
  facebook: false,
  instagram: false,
  youtube: true,
  tiktok: true,
  linkedin: false,
  twitter: false,
};
