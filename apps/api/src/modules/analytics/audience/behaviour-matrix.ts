import { INTERESTS } from "../../../domain/interests";
import { socialNetworks } from "../../../domain/social-networks";
import type { SegmentInput, SocialNetwork } from "./types";

/** Behaviour columns j: the interest taxonomy, then the six networks (docs/analytics-methods.md §3.1). */
export const INTEREST_COLUMNS: readonly string[] = INTERESTS;
export const PLATFORM_COLUMNS: readonly SocialNetwork[] = socialNetworks;
export const COLUMN_COUNT = INTEREST_COLUMNS.length + PLATFORM_COLUMNS.length;
/** Platform affinity counts half as much as interests, so personas are told apart by what people like. */
const PLATFORM_FACTOR = 0.5;
/** Countries beyond the largest 15 share one group key. */
const MAX_COUNTRIES = 15;
export const OTHER_COUNTRY = "other";

const interestColumn = new Map(INTEREST_COLUMNS.map((id, j) => [id, j]));

/** A segment reduced to what the decomposition needs. */
export interface AudienceRow {
  id: string;
  ageBand: string;
  gender: string;
  country: string;
  size: number;
  /** x_s: interest weights summing to 1, then 0.5 × platform affinity (summing to 0.5). */
  x: number[];
}

/**
 * x_s of a segment, or null when it names no known interest: a persona is defined by interests, so such a
 * segment cannot be placed. Interest ids outside the taxonomy are dropped rather than given new columns,
 * because stored persona vectors must keep one column order.
 */
export function segmentVector(segment: SegmentInput): number[] | null {
  const x = new Array<number>(COLUMN_COUNT).fill(0);
  const known = segment.interests.filter((i) => interestColumn.has(i.interest));
  if (known.length === 0) return null;
  const weightSum = known.reduce((s, i) => s + Math.max(0, i.weight), 0);
  for (const i of known) {
    const j = interestColumn.get(i.interest) ?? 0;
    // A listed set without weights counts uniformly.
    x[j] = (x[j] ?? 0) + (weightSum > 0 ? Math.max(0, i.weight) / weightSum : 1 / known.length);
  }
  const affinity = PLATFORM_COLUMNS.map((p) => Math.max(0, segment.platformAffinity[p] ?? 0));
  const affinitySum = affinity.reduce((a, b) => a + b, 0);
  if (affinitySum > 0)
    affinity.forEach((a, k) => {
      x[INTEREST_COLUMNS.length + k] = (PLATFORM_FACTOR * a) / affinitySum;
    });
  return x;
}

/** Usable segments, sorted by id so that input order never changes the result. */
export function audienceRows(segments: readonly SegmentInput[]): AudienceRow[] {
  const rows: AudienceRow[] = [];
  for (const s of segments) {
    if (!(s.size > 0)) continue;
    const x = segmentVector(s);
    if (!x) continue;
    rows.push({ id: s.id, ageBand: s.ageBand, gender: s.gender, country: s.country, size: s.size, x });
  }
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const bySize = new Map<string, number>();
  for (const r of rows) bySize.set(r.country, (bySize.get(r.country) ?? 0) + r.size);
  const kept = new Set(
    [...bySize.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_COUNTRIES)
      .map(([c]) => c),
  );
  return rows.map((r) => (kept.has(r.country) ? r : { ...r, country: OTHER_COUNTRY }));
}

/** A demographic group g = (age band, gender, country) with V[g,·] = Σ n_s·x_s and N_g = Σ n_s. */
export interface AudienceGroup {
  key: string;
  ageBand: string;
  gender: string;
  country: string;
  size: number;
  values: number[];
}

export function groupRows(rows: readonly AudienceRow[]): AudienceGroup[] {
  const groups = new Map<string, AudienceGroup>();
  for (const r of rows) {
    const key = `${r.ageBand}|${r.gender}|${r.country}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        key,
        ageBand: r.ageBand,
        gender: r.gender,
        country: r.country,
        size: 0,
        values: r.x.map(() => 0),
      };
      groups.set(key, g);
    }
    g.size += r.size;
    for (let j = 0; j < r.x.length; j++) g.values[j] = (g.values[j] ?? 0) + r.size * (r.x[j] ?? 0);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Audience share of each interest (Σ_g V[g,i] / Σ_g Σ_i' V[g,i']), the base of the affinity index. */
export function audienceInterestShares(rows: readonly AudienceRow[]): number[] {
  const totals = INTEREST_COLUMNS.map(() => 0);
  for (const r of rows)
    for (let i = 0; i < totals.length; i++) totals[i] = (totals[i] ?? 0) + r.size * (r.x[i] ?? 0);
  const sum = totals.reduce((a, b) => a + b, 0);
  return totals.map((t) => (sum > 0 ? t / sum : 0));
}
