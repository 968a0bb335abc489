import { networkColor } from "./colors";
import { NO_POSTS } from "./reasons";
import type { ContentPost, Schemas, SocialNetwork } from "./types";
import { compareIds } from "./window";

export type ContentBreakdown = Schemas["ContentAnalytics"]["contentBreakdown"];

/** §1.3: posts per network in the window, largest first; no posts is no_data, not a chart of zeros. */
export function contentBreakdown(windowPosts: readonly ContentPost[]): ContentBreakdown {
  if (windowPosts.length === 0) return { status: "no_data", reason: NO_POSTS, n: 0, items: [] };
  const counts = new Map<SocialNetwork, number>();
  for (const post of windowPosts) counts.set(post.platform, (counts.get(post.platform) ?? 0) + 1);
  const items = [...counts]
    .sort(([a, x], [b, y]) => y - x || compareIds(a, b))
    .map(([platform, count]) => ({
      label: platform,
      count,
      share: count / windowPosts.length,
      color: networkColor(platform),
    }));
  return { status: "ok", n: windowPosts.length, items };
}
