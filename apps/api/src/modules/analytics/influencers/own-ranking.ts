import { brandLanguage, STOP_WORDS } from "../content/stop-words";

/**
 * The ranking of a brand's own, real creators (docs/analytics-methods.md §4.8). Real creators come without audience
 * demographics, so audience fit is unknown and takes no part; nothing is compared with the sample data set's
 * generated profiles. Three parts, each compared within the brand's own pool:
 *
 * - topic match T: how many distinct brand terms (words of its keywords and content topics) the creator's name,
 *   handle, description and recent titles contain, over the most any creator of the pool contains;
 * - size S: the percentile of the creator's size band among the bands of the pool's creators with a known size;
 * - engagement E: the percentile of the creator's engagement rate among the pool's creators of the same size band
 *   (engagement falls with size, so a nano creator is not compared with a mega one).
 *
 * score = 0.5·T + 0.25·S + 0.25·E; an unknown part counts 0, so no creator is ranked up for what is not known.
 */

export const SIZE_BANDS = ["nano", "micro", "mid", "macro", "mega"] as const;
export type SizeBand = (typeof SIZE_BANDS)[number];
/** Upper bounds (exclusive) of nano, micro, mid and macro; mega is everything from 1M. */
const BAND_BOUNDS = [10_000, 100_000, 500_000, 1_000_000];

export const WEIGHTS = { topic: 0.5, size: 0.25, engagement: 0.25 } as const;

export function sizeBandOf(followers: number | null): SizeBand | null {
  if (followers === null) return null;
  const index = BAND_BOUNDS.findIndex((bound) => followers < bound);
  return SIZE_BANDS[index === -1 ? SIZE_BANDS.length - 1 : index] ?? "mega";
}

export interface PoolCreator {
  id: string;
  platform: string;
  handle: string;
  name: string | null;
  description: string | null;
  recentTitles: readonly string[];
  followers: number | null;
  engagementRate: number | null;
  mentions: number;
}

export interface RankedCreator {
  id: string;
  score: number;
  /** T above, 0–1. */
  topicMatch: number;
  /** The brand terms found, in the brand's order. */
  matchedTerms: string[];
}

/** Words of at least three letters, lower case; "_", "." and "-" in handles split words. */
function words(text: string): string[] {
  return text.toLocaleLowerCase("en").match(/[\p{L}\p{N}]{3,}/gu) ?? [];
}

/**
 * The brand's terms: the distinct words of its keywords and content topics, first seen first, without the stop words
 * of its country's language ("the", "for", "und"; content/stop-words.ts) and without the words of its own name. Only
 * its own language's: French "pour" is a stop word, English "pour over" a coffee topic.
 */
export function brandTerms(p: {
  keywords: readonly string[];
  topics: readonly string[];
  brandName: string;
  country: string | null;
}): string[] {
  const stop = STOP_WORDS[brandLanguage(p.country)];
  const own = new Set(words(p.brandName));
  const terms = new Set<string>();
  for (const phrase of [...p.topics, ...p.keywords]) {
    for (const word of words(phrase)) if (!own.has(word) && !stop.has(word)) terms.add(word);
  }
  return [...terms];
}

/** Mid-rank percentile of `value` among `values` (ties count half), 0–1. */
function percentile(value: number, values: readonly number[]): number {
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < value) below += 1;
    else if (v === value) equal += 1;
  }
  return values.length === 0 ? 0 : (below + 0.5 * equal) / values.length;
}

/** Best first; ties by mentions, then followers (unknown last), then platform and handle, so the order is total. */
export function rankOwnCreators(pool: readonly PoolCreator[], terms: readonly string[]): RankedCreator[] {
  const found = pool.map((c) => {
    const text = new Set(words([c.name ?? "", c.handle, c.description ?? "", ...c.recentTitles].join(" ")));
    return terms.filter((term) => text.has(term));
  });
  const most = Math.max(0, ...found.map((f) => f.length));
  const bands = pool.map((c) => sizeBandOf(c.followers));
  const bandIndexes = bands.flatMap((b) => (b === null ? [] : [SIZE_BANDS.indexOf(b)]));
  const ratesByBand = new Map<SizeBand | null, number[]>();
  pool.forEach((c, i) => {
    if (c.engagementRate === null) return;
    const band = bands[i] ?? null;
    ratesByBand.set(band, [...(ratesByBand.get(band) ?? []), c.engagementRate]);
  });
  const ranked = pool.map((c, i) => {
    const matched = found[i] ?? [];
    const band = bands[i] ?? null;
    const topic = most === 0 ? 0 : matched.length / most;
    const size = band === null ? 0 : percentile(SIZE_BANDS.indexOf(band), bandIndexes);
    const engagement =
      c.engagementRate === null ? 0 : percentile(c.engagementRate, ratesByBand.get(band) ?? []);
    const score = WEIGHTS.topic * topic + WEIGHTS.size * size + WEIGHTS.engagement * engagement;
    return { creator: c, ranked: { id: c.id, score, topicMatch: topic, matchedTerms: matched } };
  });
  ranked.sort(
    (a, b) =>
      b.ranked.score - a.ranked.score ||
      b.creator.mentions - a.creator.mentions ||
      (b.creator.followers ?? -1) - (a.creator.followers ?? -1) ||
      a.creator.platform.localeCompare(b.creator.platform) ||
      a.creator.handle.localeCompare(b.creator.handle),
  );
  return ranked.map((r) => r.ranked);
}
