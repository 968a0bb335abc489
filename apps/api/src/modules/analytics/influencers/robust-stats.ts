import { median } from "../statistics";

/**
 * Iglewicz–Hoaglin modified z-scores, `0.6745·(x − median)/MAD`. When more than half the values are equal MAD is
 * 0, and the published fallback divides by 1.2533 × the mean absolute deviation instead; all equal ⇒ all 0.
 */
export function modifiedZScores(values: readonly number[]): number[] {
  const m = median(values) ?? Number.NaN;
  const mad = median(values.map((v) => Math.abs(v - m))) ?? Number.NaN;
  if (mad > 0) return values.map((v) => (0.6745 * (v - m)) / mad);
  const meanAbs = values.reduce((s, v) => s + Math.abs(v - m), 0) / values.length;
  return values.map((v) => (meanAbs > 0 ? (v - m) / (1.253314 * meanAbs) : 0));
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7): enough for a displayed percentile. */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
