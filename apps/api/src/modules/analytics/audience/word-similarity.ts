/**
 * pg_trgm's `word_similarity(a, b)` in JS, so keyword relevance gives the same numbers whether it runs here
 * or in SQL. Follows contrib/pg_trgm/trgm_op.c: words are runs of letters and digits, lower-cased and
 * padded with two spaces before and one after; `b` keeps its trigrams in order with repeats; the result is
 * pg_trgm's greedy extent search (iterate_word_similarity), not a true maximum over all extents, and is
 * computed in float4 like PostgreSQL's so ties and the 0.5 cut-off fall the same way.
 *
 * Known difference: PostgreSQL hashes trigrams holding multi-byte characters into 3 bytes (CRC), so two
 * different non-ASCII trigrams can collide there and not here.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** Trigrams of `text` in order, with repeats (pg_trgm's generate_trgm_only). */
export function trigramsOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const chars = Array.from(`  ${match[0]} `);
    for (let i = 0; i + 3 <= chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  }
  return out;
}

/**
 * The haystack side in the shape iterate_word_similarity wants: for each position, the index of its
 * trigram among the haystack's distinct trigrams.
 */
export interface OrderedTrigrams {
  positions: Int32Array;
  distinct: string[];
}

export function orderTrigrams(text: string): OrderedTrigrams {
  const trigrams = trigramsOf(text);
  const index = new Map<string, number>();
  const positions = new Int32Array(trigrams.length);
  for (let i = 0; i < trigrams.length; i++) {
    const t = trigrams[i] ?? "";
    let j = index.get(t);
    if (j === undefined) {
      j = index.size;
      index.set(t, j);
    }
    positions[i] = j;
  }
  return { positions, distinct: [...index.keys()] };
}

const calcSml = (count: number, len1: number, len2: number): number =>
  Math.fround(count / (len1 + len2 - count));

/**
 * trgm_op.c iterate_word_similarity (plain, not strict): `found[j]` says whether distinct haystack trigram j
 * is in the needle, `ulen1` is the needle's count of distinct trigrams.
 */
export function iterateWordSimilarity(positions: Int32Array, found: Uint8Array, ulen1: number): number {
  if (ulen1 === 0) return 0;
  const lastpos = new Int32Array(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < positions.length; i++) {
    const t = positions[i] ?? 0;
    const isFound = found[t] === 1;
    if (lower >= 0 || isFound) {
      if ((lastpos[t] ?? -1) < 0) {
        ulen2++;
        if (isFound) count++;
      }
      lastpos[t] = i;
    }
    if (!isFound) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = calcSml(count, ulen1, ulen2);
    // Moving the lower bound right may drop unmatched trigrams and raise the similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = calcSml(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = positions[tmpLower] ?? 0;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (found[tt] === 1) tmpCount--;
      }
    }
    if (current > best) best = current;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = positions[tmpLower] ?? 0;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return best;
}

/** Greatest similarity between the trigrams of `a` and any extent of the ordered trigrams of `b`. */
export function wordSimilarity(a: string, b: string): number {
  const needle = new Set(trigramsOf(a));
  const haystack = orderTrigrams(b);
  const found = new Uint8Array(haystack.distinct.length);
  for (let j = 0; j < haystack.distinct.length; j++)
    found[j] = needle.has(haystack.distinct[j] ?? "") ? 1 : 0;
  return iterateWordSimilarity(haystack.positions, found, needle.size);
}
