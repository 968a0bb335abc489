// Chart-local formatters. The ui package will own the product-wide ones; these stay small on purpose.

const STEPS = [
  { value: 1, suffix: "" },
  { value: 1e3, suffix: "K" },
  { value: 1e6, suffix: "M" },
  { value: 1e9, suffix: "B" },
  { value: 1e12, suffix: "T" },
] as const;

const twoDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, useGrouping: false });
// Scale before dividing: 1005 / 1000 is 1.00499… in binary and would round down to "1K".
const inUnitsRounded = (value: number, unit: number) => Math.round((value * 100) / unit) / 100;

/** 1234 → "1.23K", 999999 → "1M", -1500 → "-1.5K": K/M/B/T with at most 2 decimals (docs/product.md §9). */
export function abbreviateNumber(value: number): string {
  const abs = Math.abs(value);
  let unit = STEPS.findLast((candidate) => abs >= candidate.value) ?? STEPS[0];
  let scaled = inUnitsRounded(abs, unit.value);
  // Rounding can reach the next unit (999_999 → "1000K"): show it in that unit instead.
  const next = STEPS[STEPS.indexOf(unit) + 1];
  if (scaled >= 1000 && next) {
    unit = next;
    scaled = inUnitsRounded(abs, next.value);
  }
  if (scaled === 0) return "0";
  return `${value < 0 ? "-" : ""}${twoDecimals.format(scaled)}${unit.suffix}`;
}

/** A fraction (0.423) as a percentage ("42%"), with up to `maxDecimals` decimals. */
export function formatPercent(fraction: number, maxDecimals = 0): string {
  const formatter = new Intl.NumberFormat("en-US", {
    maximumFractionDigits: maxDecimals,
    useGrouping: false,
  });
  return `${formatter.format(fraction * 100)}%`;
}

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
