import { type AudienceRow, COLUMN_COUNT, groupRows } from "./behaviour-matrix";
import { fromRows, nmf, row, svdOf } from "./nmf";
import { weightedKMeans } from "./weighted-kmeans";

/** Fewer demographic groups than this and NMF has too little to factor: weighted k-means instead (§3.4). */
export const MIN_GROUPS_FOR_NMF = 30;
export const MIN_PERSONAS = 3;
export const MAX_PERSONAS = 8;
/** One more persona must cut the relative reconstruction error by at least 5 points to be worth it. */
const MIN_ERROR_GAIN = 0.05;
/** Every persona must hold at least 5 % of the audience. */
export const MIN_PERSONA_SHARE = 0.05;

/** Who the rows of W are: demographic groups (NMF) or single segments (k-means). */
export interface Member {
  ageBand: string;
  gender: string;
  country: string;
  size: number;
}

export interface Decomposition {
  method: "nmf" | "kmeans";
  members: Member[];
  /** members × p, non-negative memberships (one-hot for k-means). */
  W: number[][];
  /** p × J behaviour profiles, each summing to 1. */
  H: number[][];
}

interface Fit {
  decomposition: Decomposition;
  /** Relative error in [0, 1]: ‖V − WH‖/‖V‖ for NMF, √(SSE_k / SSE_1) for k-means. */
  error: number;
}

/** size_p = Σ_g N_g · W[g,p] / Σ_q W[g,q]: each group split softly across personas (§3 Figures). */
export function personaSizes(d: Decomposition): number[] {
  const p = d.H.length;
  const sizes = new Array<number>(p).fill(0);
  d.members.forEach((m, g) => {
    const w = d.W[g] ?? [];
    const total = w.reduce((a, b) => a + b, 0);
    if (total <= 0) return;
    for (let k = 0; k < p; k++) sizes[k] = (sizes[k] ?? 0) + (m.size * (w[k] ?? 0)) / total;
  });
  return sizes;
}

/**
 * The smallest p in [min, max] after which one more component improves the relative error by less than
 * 5 points, then walked down until every persona holds ≥ 5 % (§3.3). The gain is measured in points of
 * ‖V‖ rather than as a ratio of the current error, because a ratio of two near-zero errors is noise once
 * the fit is almost exact. Fits are computed lazily.
 */
export function choosePersonaCount(
  fitFor: (p: number) => { error: number; shares: number[] },
  min: number,
  max: number,
): number {
  let chosen = max;
  for (let p = min; p < max; p++) {
    if (fitFor(p).error - fitFor(p + 1).error < MIN_ERROR_GAIN) {
      chosen = p;
      break;
    }
  }
  for (let p = chosen; p >= min; p--) if (fitFor(p).shares.every((s) => s >= MIN_PERSONA_SHARE)) return p;
  return min;
}

function memo(compute: (p: number) => Fit, total: number) {
  const cache = new Map<number, Fit & { shares: number[] }>();
  return (p: number) => {
    let hit = cache.get(p);
    if (!hit) {
      const f = compute(p);
      hit = { ...f, shares: personaSizes(f.decomposition).map((s) => s / total) };
      cache.set(p, hit);
    }
    return hit;
  };
}

function nmfFit(rows: readonly AudienceRow[]): { fitFor: (p: number) => Fit; members: Member[] } {
  const groups = groupRows(rows);
  const V = fromRows(
    groups.map((g) => g.values),
    COLUMN_COUNT,
  );
  const members = groups.map(({ ageBand, gender, country, size }) => ({ ageBand, gender, country, size }));
  const svd = svdOf(V);
  const fitFor = (p: number): Fit => {
    const r = nmf(V, p, svd);
    return {
      error: r.relativeError,
      decomposition: {
        method: "nmf",
        members,
        W: members.map((_, g) => row(r.W, g)),
        H: Array.from({ length: p }, (_, k) => row(r.H, k)),
      },
    };
  };
  return { fitFor, members };
}

function kmeansFit(rows: readonly AudienceRow[], seed: number): (k: number) => Fit {
  const points = rows.map((r) => r.x);
  const weights = rows.map((r) => r.size);
  const total = weights.reduce((a, b) => a + b, 0);
  const mean = new Array<number>(COLUMN_COUNT).fill(0);
  points.forEach((x, i) => {
    for (let j = 0; j < COLUMN_COUNT; j++)
      mean[j] = (mean[j] ?? 0) + ((weights[i] ?? 0) * (x[j] ?? 0)) / total;
  });
  const sse1 = points.reduce(
    (s, x, i) => s + (weights[i] ?? 0) * x.reduce((t, v, j) => t + (v - (mean[j] ?? 0)) ** 2, 0),
    0,
  );
  const members = rows.map(({ ageBand, gender, country, size }) => ({ ageBand, gender, country, size }));
  return (k: number): Fit => {
    const r = weightedKMeans(points, weights, k, seed);
    return {
      error: sse1 > 0 ? Math.sqrt(r.sse / sse1) : 0,
      decomposition: {
        method: "kmeans",
        members,
        W: r.assignment.map((c) => Array.from({ length: k }, (_, q) => (q === c ? 1 : 0))),
        H: r.centroids.map((c) => {
          const s = c.reduce((a, b) => a + b, 0);
          return c.map((v) => (s > 0 ? v / s : 0));
        }),
      },
    };
  };
}

/** NMF over demographic groups when there are enough of them, weighted k-means over segments otherwise. */
export function decompose(rows: readonly AudienceRow[], seed: number): Decomposition {
  const total = rows.reduce((s, r) => s + r.size, 0);
  const groupCount = new Set(rows.map((r) => `${r.ageBand}|${r.gender}|${r.country}`)).size;
  if (groupCount >= MIN_GROUPS_FOR_NMF) {
    const fitFor = memo(nmfFit(rows).fitFor, total);
    const max = Math.min(MAX_PERSONAS, Math.floor(groupCount / 2));
    return fitFor(choosePersonaCount(fitFor, MIN_PERSONAS, max)).decomposition;
  }
  const fitFor = memo(kmeansFit(rows, seed), total);
  const max = Math.max(2, Math.min(MAX_PERSONAS, Math.floor(rows.length / 2)));
  return fitFor(choosePersonaCount(fitFor, Math.min(MIN_PERSONAS, max), max)).decomposition;
}
