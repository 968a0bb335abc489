/** The k-th smallest value (0-based) of `values`, reordering it in place (Hoare quickselect, middle pivot). */
function select(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1] as number;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else break;
  }
  return values[k] as number;
}

/**
 * Median of finite numbers; null for an empty list (a missing value, never 0). Quickselect rather than a sort:
 * the relative-performance pass takes one median per post over hundreds of reference rates.
 */
export function median(values: ArrayLike<number>): number | null {
  const n = values.length;
  if (n === 0) return null;
  const copy = Float64Array.from(values);
  const upper = select(copy, n >> 1);
  if (n % 2 === 1) return upper;
  // After selecting the upper middle, everything left of it is ≤ it: the lower middle is their maximum.
  let lower = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n >> 1; i++) lower = Math.max(lower, copy[i] as number);
  return (lower + upper) / 2;
}

export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** Linear-interpolation quantile (type 7, as spreadsheets and simple-statistics use) of sorted values. */
export function quantileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const low = sorted[lo] ?? Number.NaN;
  const high = sorted[Math.min(lo + 1, sorted.length - 1)] ?? low;
  return low + (h - lo) * (high - low);
}

/** The type-7 quantile of unsorted values; null for an empty list. */
export function quantile(values: readonly number[], q: number): number | null {
  return values.length === 0 ? null : quantileSorted(sortedCopy(values), q);
}

/**
 * Mean after capping at the set's own p99 (docs/analytics-methods.md §0: a required mean is winsorised first), so
 * one viral post cannot carry an account's average.
 */
export function winsorisedMean(values: readonly number[]): number | null {
  const cap = quantile(values, 0.99);
  if (cap === null) return null;
  return values.reduce((sum, v) => sum + Math.min(v, cap), 0) / values.length;
}

/**
 * Rounds shares to `decimals` so they sum exactly to `total` (largest remainder; ties go to the earlier item, which
 * callers pass in rank order).
 */
export function largestRemainder(weights: readonly number[], total: number, decimals: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const scale = 10 ** decimals;
  const units = Math.round(total * scale);
  const exact = weights.map((w) => (w / sum) * units);
  const floors = exact.map(Math.floor);
  let left = units - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    left -= 1;
  }
  return floors.map((f) => f / scale);
}
