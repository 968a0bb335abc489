import { hasKnownEngagement } from "../competitor/engagement";
import { allEngagementUnknown, NO_POSTS, unknownEngagementField } from "./reasons";
import type { RatedPost } from "./relative-performance";
import { MIN_REFERENCE_POSTS } from "./relative-performance";
import type { ContentPost, Schemas } from "./types";
import { compareIds } from "./window";

export type PerformanceSection = Schemas["ContentAnalytics"]["performance"];
type PostRef = Schemas["PostRef"];

const LIST_SIZE = 5;
const TOP_FROM = 2;
const UNDER_TO = 0.5;
const TEXT_LIMIT = 280;

/** Cuts on code points, so an emoji is never split in half. */
function truncate(text: string): string {
  const chars = Array.from(text);
  return chars.length <= TEXT_LIMIT ? text : `${chars.slice(0, TEXT_LIMIT - 1).join("")}…`;
}

export function toPostRef(rated: RatedPost, logo: string | null): PostRef {
  const { post } = rated;
  return {
    id: post.id,
    platform: post.platform,
    url: post.url,
    logo: logo ?? "",
    publishedAt: post.postedAt.toISOString(),
    text: truncate(post.text),
    format: post.format,
    engagementRate: rated.rate,
    relativePerformance: rated.relativePerformance,
  };
}

/** §1.5: best five with RPI ≥ 2 and worst five with RPI ≤ 0.5 among the window's rated posts. */
export function performanceSection(
  windowPosts: readonly ContentPost[],
  rated: readonly RatedPost[],
  logo: string | null,
): PerformanceSection {
  if (windowPosts.length === 0) {
    return { status: "no_data", reason: NO_POSTS, n: 0, top: [], under: [] };
  }
  // Posts whose engagement is unknown cannot be rated, and the section says how many it left out.
  const unknown = windowPosts.filter((post) => !hasKnownEngagement(post)).length;
  const leftOut = unknownEngagementField(unknown);
  if (rated.length === 0 && unknown === windowPosts.length) {
    return { status: "no_data", reason: allEngagementUnknown(unknown), n: 0, ...leftOut, top: [], under: [] };
  }
  if (rated.length === 0) {
    return {
      ...leftOut,
      status: "insufficient_history",
      reason: `Each post is judged against ${MIN_REFERENCE_POSTS} earlier posts of its platform from the 90 days before it, and no post older than 72 hours has them. Import older posts to compare against.`,
      n: 0,
      top: [],
      under: [],
    };
  }
  const top = rated
    .filter((r) => r.relativePerformance >= TOP_FROM)
    .sort((a, b) => b.relativePerformance - a.relativePerformance || compareIds(a.post.id, b.post.id))
    .slice(0, LIST_SIZE);
  const under = rated
    .filter((r) => r.relativePerformance <= UNDER_TO)
    .sort((a, b) => a.relativePerformance - b.relativePerformance || compareIds(a.post.id, b.post.id))
    .slice(0, LIST_SIZE);
  return {
    status: "ok",
    n: rated.length,
    ...leftOut,
    top: top.map((r) => toPostRef(r, logo)),
    under: under.map((r) => toPostRef(r, logo)),
  };
}
