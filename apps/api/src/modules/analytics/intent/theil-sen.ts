import { median } from "../statistics";

/**
 * Theil–Sen slope of equally spaced values: the median of all pairwise slopes, so one spiking month cannot tilt
 * the trend the way it tilts least squares. 12 points = 66 pairs, cheaper than a dependency.
 */
export function theilSenSlope(values: readonly number[]): number | null {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      slopes.push(((values[j] ?? 0) - (values[i] ?? 0)) / (j - i));
    }
  }
  return median(slopes);
}
