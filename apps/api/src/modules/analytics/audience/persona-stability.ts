import type { PreviousPersona } from "./types";

/** Cosine at or above which a new persona is the same persona as a stored one (analytics-methods §3). */
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
 * Greedy one-to-one matching of new H rows to stored personas, best cosine first (ties: lower new index,
 * then lower previous id), keeping only pairs with cosine ≥ 0.8. Returns the matched previous persona per
 * new vector, or null. APG saw monthly regeneration drift into ever more "new" personas; matching keeps
 * ids, names and colours steady.
 */
export function matchPrevious(
  vectors: readonly number[][],
  previous: readonly PreviousPersona[],
): (PreviousPersona | null)[] {
  const pairs: { n: number; p: PreviousPersona; c: number }[] = [];
  vectors.forEach((v, n) => {
    for (const p of previous) {
      const c = cosine(v, p.vector);
      if (c >= SAME_PERSONA_COSINE) pairs.push({ n, p, c });
    }
  });
  pairs.sort((a, b) => b.c - a.c || a.n - b.n || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0));
  const result: (PreviousPersona | null)[] = vectors.map(() => null);
  const taken = new Set<string>();
  for (const { n, p } of pairs) {
    if (result[n] || taken.has(p.id)) continue;
    result[n] = p;
    taken.add(p.id);
  }
  return result;
}
