import { createHash } from "node:crypto";
import { fmix32, fnv1a32 } from "../../lib/seeded";

/**
 * Seeded randomness for the sample data. Written here rather than taken from pure-rand or seedrandom:
 * - the output must never change under a dependency upgrade (the ids and figures of the sample are
 *   stored and compared across releases), and ~40 lines of well-known algorithms are easy to freeze;
 * - the generator needs both a sequential stream (sfc32, fast, passes PractRand) and a stateless
 *   random-access hash (`hashUnit(seed, a, b, c)`), so that follower counts for any day can be computed
 *   by the snapshot stream and the post stream independently, without sharing state or memory.
 */

/** 32-bit FNV-1a over a string, then murmur3's finaliser for avalanche. */
export function hashString(text: string, seed = 0): number {
  return fmix32(fnv1a32(text, seed));
}

/** Stateless uniform in [0, 1) from a key of integers: same key, same value, any order of calls. */
export function hashUnit(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const k of keys) h = fmix32((h ^ fmix32(k | 0)) + 0x7f4a7c15);
  return h / 4294967296;
}

/** A seeded random stream: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator). */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, path = "") {
    const s = hashString(path, seed);
    this.a = fmix32(s ^ 0x243f6a88);
    this.b = fmix32(s ^ 0x85a308d3);
    this.c = fmix32(s ^ 0x13198a2e);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Index drawn with probability proportional to its weight. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const item = items[this.weightedIndex(weights)];
    if (item === undefined) throw new Error("weighted pick from an empty list");
    return item;
  }

  /** k distinct items, in a random order (partial Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and log-scale sigma. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Pareto with minimum xm and tail index alpha (heavy tail for alpha ≤ 2). */
  pareto(xm: number, alpha: number): number {
    return xm / (1 - this.next()) ** (1 / alpha);
  }
}

// RFC 4122 name-based UUID (version 5, SHA-1) under a fixed namespace for Brandscope sample data.
const NAMESPACE = Buffer.from("6f1c2a8e4b7d4e0a9c3f5b2d8e1a7c40", "hex");

/** Deterministic id: UUID v5 of `${seed}/${path}`, so a reload of the same seed gives the same ids. */
export function sampleId(seed: number, path: string): string {
  const hash = createHash("sha1").update(NAMESPACE).update(`${seed}/${path}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
