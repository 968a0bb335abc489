import { median } from "../statistics";
import type { FollowerIndex } from "./engagement";
import { headlineRate } from "./engagement";
import type { ContentPost, SocialNetwork } from "./types";
import { byTimeThenId } from "./window";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** §1.5: engagement is still accruing before this age. */
const MATURE_AFTER_MS = 72 * HOUR_MS;
const MATURE_AFTER_YOUTUBE_MS = 7 * DAY_MS;
const REFERENCE_DAYS = 90;
export const MIN_REFERENCE_POSTS = 10;

export const isMature = (post: ContentPost, now: Date) =>
  now.getTime() - post.postedAt.getTime() >=
  (post.platform === "youtube" ? MATURE_AFTER_YOUTUBE_MS : MATURE_AFTER_MS);

export interface RatedPost {
  post: ContentPost;
  rate: number;
  /** RPI_p = ER_p / median ER of the reference posts. */
  relativePerformance: number;
}

interface Reference {
  time: number;
  format: string;
  rate: number;
}

/** First index whose time is ≥ `time` (the list is sorted by time). */
function lowerBound(list: readonly Reference[], time: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((list[mid] as Reference).time < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * RPI for each mature candidate (§1.5): the reference is the brand's other posts on the same platform in the 90
 * days before it, narrowed to the same format when ≥ 10 of those exist; fewer than 10 references, no rate, or a
 * reference median of 0 leave the post out.
 */
export function relativePerformance(
  candidates: readonly ContentPost[],
  history: readonly ContentPost[],
  followers: FollowerIndex,
  now: Date,
): RatedPost[] {
  const references = new Map<SocialNetwork, Reference[]>();
  for (const post of [...history].sort(byTimeThenId)) {
    const rate = headlineRate(post, followers);
    if (rate === null) continue;
    const list = references.get(post.platform) ?? [];
    list.push({ time: post.postedAt.getTime(), format: post.format, rate });
    references.set(post.platform, list);
  }
  const rated: RatedPost[] = [];
  for (const post of candidates) {
    if (!isMature(post, now)) continue;
    const rate = headlineRate(post, followers);
    const list = references.get(post.platform);
    if (rate === null || !list) continue;
    const end = post.postedAt.getTime();
    const start = end - REFERENCE_DAYS * DAY_MS;
    // Strictly before p, so p is never its own reference.
    const before = list.slice(lowerBound(list, start), lowerBound(list, end));
    const sameFormat = before.filter((r) => r.format === post.format);
    const pool = sameFormat.length >= MIN_REFERENCE_POSTS ? sameFormat : before;
    if (pool.length < MIN_REFERENCE_POSTS) continue;
    const reference = median(pool.map((r) => r.rate));
    if (reference === null || reference === 0) continue;
    rated.push({ post, rate, relativePerformance: rate / reference });
  }
  return rated;
}
