import { theilSenSlope } from "./theil-sen";

export interface KeywordTrend {
  /** Mean monthly searches of the last 12 months (as Semrush reports volume). */
  volume: number | null;
  /** Last 3 months against the 3 before, as a fraction. */
  momentum: number | null;
  /** Theil–Sen slope × 12 / mean: the yearly change relative to the average month. */
  slope: number | null;
  direction: "rising" | "falling" | "flat" | null;
  /** Index into `volumes` of the busiest of the last 12 months (earliest on a tie). */
  peakMonth: number | null;
  /** Last month against the same month a year earlier; needs 13 months. */
  yoy: number | null;
  status: "ok" | "insufficient_history";
  reason?: string;
}

const MONTHS = 12;
/** §5: a relative yearly slope of ±20 % is a trend, anything inside it is flat. */
const TREND_THRESHOLD = 0.2;

const ratioChange = (current: number, previous: number) =>
  previous === 0 ? null : (current - previous) / previous;

/** The 12-month trend of §5 from monthly volumes, oldest first. */
export function keywordTrend(volumes: readonly number[]): KeywordTrend {
  if (volumes.length < MONTHS) {
    return {
      volume: null,
      momentum: null,
      slope: null,
      direction: null,
      peakMonth: null,
      yoy: null,
      status: "insufficient_history",
      reason: `Needs ${MONTHS} months, has ${volumes.length}`,
    };
  }
  const offset = volumes.length - MONTHS;
  const year = volumes.slice(offset);
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const mean = sum(year) / MONTHS;
  const rawSlope = theilSenSlope(year);
  const slope = rawSlope === null || mean === 0 ? null : (rawSlope * MONTHS) / mean;
  let peak = 0;
  year.forEach((v, k) => {
    if (v > (year[peak] ?? 0)) peak = k;
  });
  const last = volumes[volumes.length - 1] ?? 0;
  const yearBefore = volumes.length > MONTHS ? (volumes[volumes.length - 1 - MONTHS] ?? null) : null;
  return {
    volume: mean,
    momentum: ratioChange(sum(year.slice(-3)), sum(year.slice(-6, -3))),
    slope,
    direction:
      slope === null
        ? null
        : slope >= TREND_THRESHOLD
          ? "rising"
          : slope <= -TREND_THRESHOLD
            ? "falling"
            : "flat",
    peakMonth: offset + peak,
    yoy: yearBefore === null ? null : ratioChange(last, yearBefore),
    status: "ok",
    ...(yearBefore === null
      ? { reason: `Year-over-year needs ${MONTHS + 1} months, has ${volumes.length}` }
      : {}),
  };
}
