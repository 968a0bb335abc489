import { mulberry32 } from "../../../lib/seeded";

export interface KMeansResult {
  /** Cluster index per point. */
  assignment: number[];
  /** Weighted means of the members, k × dims. */
  centroids: number[][];
  /** Weighted within-cluster sum of squares. */
  sse: number;
}

const RESTARTS = 4;
const MAX_ROUNDS = 100;

function distance2(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return s;
}

function nearest(point: readonly number[], centroids: readonly number[][]): { index: number; d2: number } {
  let index = 0;
  let d2 = Number.POSITIVE_INFINITY;
  centroids.forEach((c, i) => {
    const d = distance2(point, c);
    // Strict < keeps the lowest index on ties, so assignments never depend on float noise between runs.
    if (d < d2) {
      d2 = d;
      index = i;
    }
  });
  return { index, d2 };
}

/** k-means++ with each point's pick probability ∝ weight × D² (a heavy segment counts as many people). */
function seedCentroids(points: number[][], weights: number[], k: number, random: () => number): number[][] {
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = (scores: number[]): number => {
    const sum = scores.reduce((a, b) => a + b, 0);
    if (sum <= 0) return 0;
    let target = random() * sum;
    for (let i = 0; i < scores.length; i++) {
      target -= scores[i] ?? 0;
      if (target < 0) return i;
    }
    return scores.length - 1;
  };
  const first = pick(weights.map((w) => w / (total || 1)));
  const centroids = [[...(points[first] ?? [])]];
  while (centroids.length < k) {
    const scores = points.map((p, i) => (weights[i] ?? 0) * nearest(p, centroids).d2);
    centroids.push([...(points[pick(scores)] ?? [])]);
  }
  return centroids;
}

function lloyd(points: number[][], weights: number[], initial: number[][]): KMeansResult {
  const dims = points[0]?.length ?? 0;
  let centroids = initial;
  let assignment = points.map(() => -1);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = points.map((p) => nearest(p, centroids).index);
    const changed = next.some((c, i) => c !== assignment[i]);
    assignment = next;
    if (!changed) break;
    const sums = centroids.map(() => new Array<number>(dims).fill(0));
    const mass = centroids.map(() => 0);
    points.forEach((p, i) => {
      const c = assignment[i] ?? 0;
      const w = weights[i] ?? 0;
      mass[c] = (mass[c] ?? 0) + w;
      const s = sums[c];
      if (s) for (let d = 0; d < dims; d++) s[d] = (s[d] ?? 0) + w * (p[d] ?? 0);
    });
    centroids = centroids.map((old, c) => {
      const m = mass[c] ?? 0;
      if (m > 0) return (sums[c] ?? []).map((s) => s / m);
      // An emptied cluster restarts at the point worst served by the others, as scikit-learn does.
      let worst = 0;
      let worstD = -1;
      points.forEach((p, i) => {
        const d = (weights[i] ?? 0) * nearest(p, centroids).d2;
        if (d > worstD) {
          worstD = d;
          worst = i;
        }
      });
      return [...(points[worst] ?? old)];
    });
  }
  const sse = points.reduce(
    (s, p, i) => s + (weights[i] ?? 0) * distance2(p, centroids[assignment[i] ?? 0] ?? []),
    0,
  );
  return { assignment, centroids, sse };
}

/**
 * Weighted k-means with seeded k-means++ and a few restarts (best SSE wins, earliest on ties). Written here
 * because ml-kmeans takes no point weights, and segment sizes must weigh in (docs/analytics-methods.md §3.4).
 */
export function weightedKMeans(points: number[][], weights: number[], k: number, seed: number): KMeansResult {
  const random = mulberry32(seed);
  let best: KMeansResult | undefined;
  for (let r = 0; r < RESTARTS; r++) {
    const result = lloyd(points, weights, seedCentroids(points, weights, k, random));
    if (!best || result.sse < best.sse - 1e-12) best = result;
  }
  return best ?? { assignment: [], centroids: [], sse: 0 };
}
