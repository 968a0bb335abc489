import { greedyMatch, type MatchPair } from "../greedy-match";
import type { PreviousPersona } from "./types";

/** Cosine at or above which a new persona is the same persona as a stored one (docs/analytics-methods.md §3). */
export const SAME_PERSONA_COSINE = 0.8;

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * New H rows matched one to one to stored personas at cosine ≥ 0.8 (greedy-match.ts): the matched previous persona
 * per new vector, or null. APG saw monthly regeneration drift into ever more "new" personas; matching keeps ids,
 * names and colours steady.
 */
export function matchPrevious(
  vectors: readonly number[][],
  previous: readonly PreviousPersona[],
): (PreviousPersona | null)[] {
  const pairs: MatchPair<PreviousPersona>[] = [];
  vectors.forEach((v, n) => {
    for (const p of previous) {
      const c = cosine(v, p.vector);
      if (c >= SAME_PERSONA_COSINE) pairs.push({ n, p, c });
    }
  });
  return greedyMatch(vectors.length, pairs);
}
