import { quantileSorted, sortedCopy } from "../statistics";
import { normalCdf } from "./robust-stats";
import { type Tier, tierOf } from "./tiers";
import type { Platform } from "./types";

/** §4: our own influencer table speaks for a (platform, tier) cell once it holds this many profiles. */
export const MIN_CELL_PROFILES = 50;

export interface TierCell {
  platform: Platform;
  tier: Tier;
  /** own = percentiles of our influencer table; published = a dated external median (see PUBLISHED_MEDIANS). */
  source: "own" | "published";
  /** Profiles behind the cell (0 for published medians). */
  n: number;
  /** Own cells: every ER of the cell, ascending, for exact percentile ranks. */
  sortedRates: number[];
  p1: number;
  p5: number;
  p50: number;
  p99: number;
  /** Comments per like, p1 and p99 (own cells with enough ratios only; nothing is published for it). */
  commentRatio: { p1: number; p99: number } | null;
}

/** Plain data (JSON-safe), so it can be stored as the precomputed tier benchmark table. */
export interface TierBenchmarks {
  cells: Record<string, TierCell>;
}

export interface BenchmarkRate {
  platform: Platform;
  followers: number;
  er: number;
  commentRatio?: number | null;
}

/**
 * HypeAuditor's Instagram benchmark of March 2018 ("What is Instagram engagement rate", hypeauditor.com blog):
 * ~37,000 accounts, 90 days of posts, ER = (likes + comments)/followers; median ER per tier below. It is static
 * and dated, and covers Instagram only, so other platforms get no fallback (no percentile) until our own table
 * fills the cell.
 */
export const PUBLISHED_MEDIANS: Readonly<Partial<Record<Platform, Readonly<Record<Tier, number>>>>> = {
  instagram: {
    "0-1k": 0.1699,
    "1k-5k": 0.0645,
    "5k-20k": 0.0376,
    "20k-100k": 0.0263,
    "100k-1m": 0.0257,
    "1m+": 0.0256,
  },
};
export const PUBLISHED_SOURCE = "HypeAuditor Instagram ER benchmark, March 2018 (tier medians)";

/**
 * Only a median is published, so a percentile against it needs a spread: we assume ER is log-normal around the
 * median with σ = ln 2 (one standard deviation = half or double the median). This is our assumption, not
 * HypeAuditor's; it only ranks influencers until the cell has 50 of our own profiles.
 */
const PUBLISHED_LOG_SIGMA = Math.LN2;
const Z = { p1: -2.3263, p5: -1.6449, p99: 2.3263 } as const;

export const cellKey = (platform: Platform, tier: Tier) => `${platform}:${tier}`;

/** Tier benchmarks (§4): own percentiles per (platform, tier) with ≥ 50 profiles, else the published medians. */
export function buildTierBenchmarks(rates: readonly BenchmarkRate[]): TierBenchmarks {
  const groups = new Map<string, { platform: Platform; tier: Tier; rates: number[]; ratios: number[] }>();
  for (const r of rates) {
    if (!Number.isFinite(r.er) || r.er < 0) continue;
    const tier = tierOf(r.followers);
    const key = cellKey(r.platform, tier);
    const group = groups.get(key) ?? { platform: r.platform, tier, rates: [], ratios: [] };
    group.rates.push(r.er);
    if (r.commentRatio !== undefined && r.commentRatio !== null && Number.isFinite(r.commentRatio)) {
      group.ratios.push(r.commentRatio);
    }
    groups.set(key, group);
  }
  const cells: Record<string, TierCell> = {};
  for (const [key, g] of groups) {
    if (g.rates.length < MIN_CELL_PROFILES) continue;
    const sorted = sortedCopy(g.rates);
    const ratios = sortedCopy(g.ratios);
    cells[key] = {
      platform: g.platform,
      tier: g.tier,
      source: "own",
      n: sorted.length,
      sortedRates: sorted,
      p1: quantileSorted(sorted, 0.01),
      p5: quantileSorted(sorted, 0.05),
      p50: quantileSorted(sorted, 0.5),
      p99: quantileSorted(sorted, 0.99),
      commentRatio:
        ratios.length >= MIN_CELL_PROFILES
          ? { p1: quantileSorted(ratios, 0.01), p99: quantileSorted(ratios, 0.99) }
          : null,
    };
  }
  for (const [platform, medians] of Object.entries(PUBLISHED_MEDIANS) as [Platform, Record<Tier, number>][]) {
    for (const [tier, p50] of Object.entries(medians) as [Tier, number][]) {
      const key = cellKey(platform, tier);
      if (cells[key]) continue;
      const at = (z: number) => p50 * Math.exp(z * PUBLISHED_LOG_SIGMA);
      cells[key] = {
        platform,
        tier,
        source: "published",
        n: 0,
        sortedRates: [],
        p1: at(Z.p1),
        p5: at(Z.p5),
        p50,
        p99: at(Z.p99),
        commentRatio: null,
      };
    }
  }
  return { cells };
}

export function tierCell(bench: TierBenchmarks, platform: Platform, followers: number): TierCell | null {
  return bench.cells[cellKey(platform, tierOf(followers))] ?? null;
}

/**
 * ERpct (§4), 0–1: the mid-rank of `er` among the cell's own rates (ties count half), or the log-normal position
 * against a published median. null when the cell has neither.
 */
export function erPercentile(
  bench: TierBenchmarks,
  platform: Platform,
  followers: number,
  er: number,
): number | null {
  const cell = tierCell(bench, platform, followers);
  if (!cell || !Number.isFinite(er)) return null;
  if (cell.source === "own") {
    let below = 0;
    let equal = 0;
    for (const r of cell.sortedRates) {
      if (r < er) below++;
      else if (r === er) equal++;
      else break;
    }
    return (below + equal / 2) / cell.sortedRates.length;
  }
  if (er <= 0) return 0;
  return normalCdf(Math.log(er / cell.p50) / PUBLISHED_LOG_SIGMA);
}
