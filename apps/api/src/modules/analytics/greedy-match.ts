/** A candidate pairing of new item `n` with a previous item `p` at similarity `c`. */
export interface MatchPair<T extends { id: string }> {
  n: number;
  p: T;
  c: number;
}

/**
 * Greedy one-to-one matching of new items to previous ones, best similarity first (ties: lower new index, then
 * lower previous id), as personas (§3) and pillars (§1.7 step 8) keep their ids, names and colours across refits.
 * Returns the matched previous item per new index, or null; callers pass only pairs above their threshold.
 */
export function greedyMatch<T extends { id: string }>(count: number, pairs: MatchPair<T>[]): (T | null)[] {
  const ordered = [...pairs].sort(
    (a, b) => b.c - a.c || a.n - b.n || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0),
  );
  const result: (T | null)[] = Array.from({ length: count }, () => null);
  const taken = new Set<string>();
  for (const { n, p } of ordered) {
    if (result[n] || taken.has(p.id)) continue;
    result[n] = p;
    taken.add(p.id);
  }
  return result;
}
