/**
 * Small, frozen hash and random functions for results that must be the same on every machine and after every
 * dependency upgrade: the sample data set's ids and figures, the seeds of pillar and persona fitting, stable
 * sampling by id. Written here rather than taken from a package so that their output never changes.
 */

/** 32-bit FNV-1a of a string, its offset basis mixed with `seed`. */
export function fnv1a32(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finaliser (fmix32): spreads every input bit over the output. */
export function fmix32(input: number): number {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: a tiny seeded stream of floats in [0, 1), good enough to pick k-means++ seeds. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
