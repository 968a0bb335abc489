import { type TierBenchmarks, tierCell } from "./benchmarks";
import { commentToLikeRatio, ER_MIN_POSTS, ER_POSTS, recentWindowPosts } from "./engagement-rate";
import { followerFlags, MIN_SPIKE_SNAPSHOTS } from "./follower-flags";
import { TIER_LABELS } from "./tiers";
import type { InfluencerInput } from "./types";

export type AuthenticityKind =
  | "follower_spike"
  | "sharp_drop"
  | "round_jump"
  | "low_engagement"
  | "high_engagement"
  | "uniform_likes"
  | "comment_ratio";

export interface AuthenticityFlag {
  kind: AuthenticityKind;
  date?: string;
  detail: string;
}

/** §4: below p5 of the tier matters only for audiences large enough to hold many inactive followers. */
const LOW_ENGAGEMENT_MIN_FOLLOWERS = 20_000;
const UNIFORM_CV = 0.1;

const percent = (x: number) => `${(100 * x).toFixed(2)} %`;

/**
 * Authenticity flags of §4: badges with their evidence, never a verdict (a spike can be a giveaway or an ad).
 * `er` is the influencer's ER from influencerEngagementRate. With `now` the likes checks use the ER posts (last 12
 * in 90 days); without it, the 12 newest posts given.
 */
export function authenticityFlags(
  i: InfluencerInput,
  bench: TierBenchmarks,
  er: number | null,
  now?: Date,
): AuthenticityFlag[] {
  const flags: AuthenticityFlag[] = followerFlags(i.snapshots ?? []);
  const cell = tierCell(bench, i.platform, i.followers);
  const benchmarkName = cell
    ? `${i.platform} ${TIER_LABELS[cell.tier]} (${cell.source === "own" ? `our table, n = ${cell.n}` : "HypeAuditor 2018"})`
    : "";
  if (er !== null && cell) {
    if (i.followers >= LOW_ENGAGEMENT_MIN_FOLLOWERS && er < cell.p5) {
      flags.push({
        kind: "low_engagement",
        detail: `ER ${percent(er)} is below the 5th percentile of ${benchmarkName}, ${percent(cell.p5)}`,
      });
    }
    if (er > cell.p99) {
      flags.push({
        kind: "high_engagement",
        detail: `ER ${percent(er)} is above the 99th percentile of ${benchmarkName}, ${percent(cell.p99)}`,
      });
    }
  }

  const posts = now
    ? recentWindowPosts(i.recentPosts, now)
    : [...i.recentPosts].sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime()).slice(0, ER_POSTS);
  if (posts.length >= ER_POSTS) {
    const likes = posts.map((p) => p.likes);
    const mean = likes.reduce((a, b) => a + b, 0) / likes.length;
    const sd = Math.sqrt(likes.reduce((s, x) => s + (x - mean) ** 2, 0) / likes.length);
    if (mean > 0 && sd / mean < UNIFORM_CV) {
      flags.push({
        kind: "uniform_likes",
        detail: `Likes vary by only ${(100 * (sd / mean)).toFixed(1)} % (coefficient of variation) over ${likes.length} posts`,
      });
    }
  }
  const ratio = posts.length >= ER_MIN_POSTS ? commentToLikeRatio(posts) : null;
  const band = cell?.commentRatio;
  if (ratio !== null && band && (ratio < band.p1 || ratio > band.p99)) {
    flags.push({
      kind: "comment_ratio",
      detail: `${ratio.toFixed(3)} comments per like, outside ${band.p1.toFixed(3)}–${band.p99.toFixed(3)} (p1–p99 of ${benchmarkName})`,
    });
  }
  return flags;
}

/**
 * How much each kind of flag takes off the authenticity estimate. These are our editorial weights, not a measured
 * share: patterns that point at bought engagement (uniform likes, inactive followers) weigh most; spikes and drops
 * have innocent explanations. A kind counts once, however often it occurs.
 */
export const AUTHENTICITY_PENALTIES: Readonly<Record<AuthenticityKind, number>> = {
  uniform_likes: 0.2,
  low_engagement: 0.15,
  follower_spike: 0.1,
  high_engagement: 0.1,
  comment_ratio: 0.1,
  sharp_drop: 0.05,
  round_jump: 0.05,
};

/**
 * InfluencerSummary.authenticity, "0–1 share of the audience judged real": a transparent estimate, 1 minus the
 * penalty of each kind of flag raised, floored at 0. The flags stay the evidence. null when nothing could be
 * checked (no ER, no usable follower history): a clean record must not read as proven.
 */
export function authenticityScore(flags: readonly AuthenticityFlag[], evaluated = true): number | null {
  if (!evaluated) return null;
  const kinds = new Set(flags.map((f) => f.kind));
  let penalty = 0;
  for (const kind of kinds) penalty += AUTHENTICITY_PENALTIES[kind];
  return Math.max(0, 1 - penalty);
}

/** Whether any authenticity check could run: an ER, or enough daily follower history for spikes. */
export function authenticityEvaluated(i: InfluencerInput, er: number | null): boolean {
  return er !== null || (i.snapshots?.length ?? 0) >= MIN_SPIKE_SNAPSHOTS;
}
