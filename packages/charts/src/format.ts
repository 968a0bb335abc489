// The numbers themselves are formatted by the ui package (@brandscope/ui/format); this is what charts add.

/**
 * Whole percentages of the total that add up to exactly 100 (largest-remainder method), so a doughnut's
 * labels never read 99% or 101% in sum. Negative values count as 0; an all-zero input gives all zeros.
 */
export function wholePercents(values: readonly number[]): number[] {
  const safe = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const total = safe.reduce((sum, value) => sum + value, 0);
  if (total === 0) return safe.map(() => 0);
  const exact = safe.map((value) => (value / total) * 100);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    missing -= 1;
  }
  return floors;
}
