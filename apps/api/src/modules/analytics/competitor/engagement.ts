import type { components } from "@brandscope/api-client/schema";
import { COUNTS_SHARES } from "../../../domain/social-networks";

// Which networks count shares in E and are rated by views is shared with the imports' notes: domain/social-networks.ts.
export { RATE_BY_VIEWS } from "../../../domain/social-networks";

type Platform = components["schemas"]["SocialNetwork"];

export interface EngagementCounts {
  platform: Platform;
  /** null where the export had no such column or the platform hides the count: unknown, never 0. */
  likes: number | null;
  comments: number | null;
  /** null where the platform does not expose shares: missing, never 0. */
  shares: number | null;
}

/**
 * Engagements of one post, `E_p` (§1.1). Our imports store reactions as `likes` and replies as `comments`. Null
 * when a count that E adds up is unknown (an export without the Likes column, a share count on a platform whose E
 * counts shares): a sum of the known ones would read as a low engagement, so every figure leaves the post out.
 */
export function engagementOf(post: EngagementCounts): number | null {
  if (post.likes === null || post.comments === null) return null;
  if (!COUNTS_SHARES[post.platform]) return post.likes + post.comments;
  return post.shares === null ? null : post.likes + post.comments + post.shares;
}

/** Whether every count of `E` is known for the post (§1.1), so that it can take part in engagement figures. */
export const hasKnownEngagement = (post: EngagementCounts) => engagementOf(post) !== null;
