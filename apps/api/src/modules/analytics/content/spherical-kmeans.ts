import { mulberry32 } from "../../../lib/seeded";
import type { SparseVector } from "./pillar-model";

const MAX_ITERATIONS = 30;
/** §1.7 step 3: stop once fewer than 0.1 % of documents change cluster. */
const MIN_REASSIGNED_SHARE = 0.001;

export interface KMeansResult {
  /** Unit-length dense centroids. */
  centroids: Float64Array<ArrayBuffer>[];
  assignment: Int32Array;
  /** Σ cosine of each document to its centroid: higher is better. */
  objective: number;
}

/**
 * Sparse · dense. Kept in this file on purpose: the hot loops call it millions of times, and a call through another
 * module's export binding (a getter once tsx or vitest transpile the import) stops V8 from inlining it.
 */
function dotDense(vector: SparseVector, dense: Float64Array): number {
  const { index, value } = vector;
  let sum = 0;
  for (let i = 0; i < index.length; i++) sum += (value[i] as number) * (dense[index[i] as number] as number);
  return sum;
}

function normaliseInPlace(vector: Float64Array) {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += (vector[i] as number) ** 2;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
}

/** Adds a sparse row into a dense one (the inner loop of every step: plain loops, no closures). */
function addInto(dense: Float64Array, doc: SparseVector) {
  const { index, value } = doc;
  for (let j = 0; j < index.length; j++) {
    const t = index[j] as number;
    dense[t] = (dense[t] as number) + (value[j] as number);
  }
}

function densify(doc: SparseVector, dim: number): Float64Array<ArrayBuffer> {
  const dense = new Float64Array(dim);
  addInto(dense, doc);
  return dense;
}

/** k-means++ on cosine distance: each next seed is drawn with probability ∝ (1 − best similarity)². */
function initialCentroids(docs: readonly SparseVector[], dim: number, k: number, random: () => number) {
  const first = Math.floor(random() * docs.length);
  const centroids = [densify(docs[first] as SparseVector, dim)];
  const best = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i++)
    best[i] = dotDense(docs[i] as SparseVector, centroids[0] as Float64Array);
  const weights = new Float64Array(docs.length);
  while (centroids.length < k) {
    let total = 0;
    for (let i = 0; i < docs.length; i++) {
      weights[i] = Math.max(0, 1 - (best[i] as number)) ** 2;
      total += weights[i] as number;
    }
    let pick = 0;
    if (total > 0) {
      let target = random() * total;
      while (pick < docs.length - 1 && target >= (weights[pick] as number)) {
        target -= weights[pick] as number;
        pick += 1;
      }
    } else pick = Math.floor(random() * docs.length);
    const centroid = densify(docs[pick] as SparseVector, dim);
    centroids.push(centroid);
    for (let i = 0; i < docs.length; i++) {
      best[i] = Math.max(best[i] as number, dotDense(docs[i] as SparseVector, centroid));
    }
  }
  return centroids;
}

/** How far each centroid moved (Euclidean; both unit length): a document's similarity to it moves at most that much. */
function drifts(before: readonly Float64Array[], after: readonly Float64Array[]): Float64Array {
  return Float64Array.from(before, (old, c) => {
    const next = after[c] as Float64Array;
    let sum = 0;
    for (let t = 0; t < old.length; t++) sum += ((old[t] as number) - (next[t] as number)) ** 2;
    return Math.sqrt(sum);
  });
}

/**
 * Spherical k-means on unit-length sparse rows (cosine similarity), one seeded run. Hamerly-style bounds skip a
 * document while its own-centroid similarity provably still beats every other centroid (|x·c' − x·c| ≤ ‖c' − c‖
 * for a unit x): the assignments are those of the plain algorithm, at a fraction of the dot products once most
 * documents have settled.
 */
export function sphericalKMeans(
  docs: readonly SparseVector[],
  dim: number,
  k: number,
  seed: number,
): KMeansResult {
  const random = mulberry32(seed);
  let centroids = initialCentroids(docs, dim, Math.min(k, docs.length), random);
  const n = docs.length;
  const assignment = new Int32Array(n).fill(-1);
  /** Lower bound of the similarity to the own centroid, upper bound of the best other one. */
  const lower = new Float64Array(n);
  const upper = new Float64Array(n);
  let moved: Float64Array | undefined;
  let spare = centroids.map(() => new Float64Array(dim));
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let changed = 0;
    // The largest and second-largest drift give "largest drift of any other centroid" in O(1) per document.
    let top = -1;
    let topDrift = 0;
    let secondDrift = 0;
    moved?.forEach((d, c) => {
      if (d > topDrift) {
        secondDrift = topDrift;
        topDrift = d;
        top = c;
      } else if (d > secondDrift) secondDrift = d;
    });
    for (let i = 0; i < n; i++) {
      const own = assignment[i] as number;
      if (moved && own >= 0) {
        lower[i] = (lower[i] as number) - (moved[own] as number);
        upper[i] = (upper[i] as number) + (own === top ? secondDrift : topDrift);
        if ((lower[i] as number) > (upper[i] as number)) continue;
      }
      const doc = docs[i] as SparseVector;
      let best = 0;
      let bestSimilarity = Number.NEGATIVE_INFINITY;
      let secondSimilarity = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < centroids.length; c++) {
        const s = dotDense(doc, centroids[c] as Float64Array);
        if (s > bestSimilarity) {
          secondSimilarity = bestSimilarity;
          bestSimilarity = s;
          best = c;
        } else if (s > secondSimilarity) secondSimilarity = s;
      }
      if (own !== best) changed += 1;
      assignment[i] = best;
      lower[i] = bestSimilarity;
      upper[i] = secondSimilarity;
    }
    if (iteration > 0 && changed < MIN_REASSIGNED_SHARE * n) break;
    // Two sets of buffers, swapped each round: fresh arrays per round were most of this loop's garbage.
    const next = spare;
    const sizes = new Int32Array(centroids.length);
    for (const sum of next) sum.fill(0);
    for (let i = 0; i < n; i++) {
      const c = assignment[i] as number;
      sizes[c] = (sizes[c] as number) + 1;
      addInto(next[c] as Float64Array, docs[i] as SparseVector);
    }
    // An emptied cluster restarts at the worst-fitting documents, in a fixed order, so runs stay reproducible.
    const worst = sizes.includes(0)
      ? [...lower.keys()].sort((a, b) => (lower[a] as number) - (lower[b] as number) || a - b)
      : [];
    let nextWorst = 0;
    next.forEach((centroid, c) => {
      if (sizes[c] === 0) addInto(centroid, docs[worst[nextWorst++] as number] as SparseVector);
      normaliseInPlace(centroid);
    });
    moved = drifts(centroids, next);
    spare = centroids;
    centroids = next;
  }
  let objective = 0;
  for (let i = 0; i < n; i++)
    objective += dotDense(docs[i] as SparseVector, centroids[assignment[i] as number] as Float64Array);
  return { centroids, assignment, objective };
}

/** §1.7 step 3: several seeds, keep the best objective (ties keep the earlier seed). */
export function bestOfSeeds(docs: readonly SparseVector[], dim: number, k: number, seeds: readonly number[]) {
  let best: KMeansResult | undefined;
  for (const seed of seeds) {
    const result = sphericalKMeans(docs, dim, k, seed);
    if (!best || result.objective > best.objective) best = result;
  }
  return best as KMeansResult;
}
