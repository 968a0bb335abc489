export interface SteppedAxis {
  min: number;
  max: number;
  ticks: number[];
}

const STRETCH = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/**
 * Axis bounds and ticks on multiples of `step` (keyword bubble x: 5, engagement bubble y: 50, docs/product.md §9),
 * covering every value. When the data spans so far that ticks every `step` would crowd the axis, ticks
 * fall on every 2nd, 5th, 10th… multiple instead, so they stay on that grid.
 */
export function stepTicks(values: readonly number[], step: number, maxTicks = 11): SteppedAxis {
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(step, ...finite);
  const stretch =
    STRETCH.find((factor) => (high - low) / (step * factor) + 1 <= maxTicks) ?? STRETCH.at(-1) ?? 1;
  const interval = step * stretch;
  const min = Math.floor(low / interval) * interval;
  const max = Math.ceil(high / interval) * interval;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + interval / 2; tick += interval) ticks.push(Math.round(tick * 1e9) / 1e9);
  return { min, max: ticks.at(-1) ?? max, ticks };
}
