import type { components } from "@brandscope/api-client/schema";

type Figure = components["schemas"]["Figure"];

/** Panel estimates and small samples are noisy: a relative change under 2 % is shown as no change. */
const UNCHANGED_BELOW = 0.02;

export interface FigureOptions {
  /** Observations behind the current value. */
  n?: number;
  /** The smallest absolute change worth showing (0.05 pages, 3 s, 1 backlink); below it: unchanged. */
  resolution?: number;
  /** Why the current value is missing (e.g. "needs 20 posts, has 7"). */
  reason?: string;
  /** The status of a missing value: no data at all, or data too short for this figure. */
  missing?: "no_data" | "insufficient_history" | "not_available";
}

/**
 * A headline figure against the previous period of the same length (docs/analytics-methods.md §2 "Change vs previous
 * period"): a missing value is null with a reason, never 0; prev = 0 and cur > 0 is an increase without a
 * percentage; a missing previous value gives no direction.
 */
export function compareFigure(
  value: number | null,
  previous: number | null,
  options: FigureOptions = {},
): Figure {
  const { n, resolution = 0, reason, missing = "no_data" } = options;
  const base = n === undefined ? {} : { n };
  if (value === null) {
    return {
      value: null,
      previous,
      change: null,
      direction: null,
      status: missing,
      ...base,
      ...(reason ? { reason } : {}),
    };
  }
  if (previous === null) {
    return {
      value,
      previous: null,
      change: null,
      direction: null,
      status: "ok",
      reason: "No data for the previous period",
      ...base,
    };
  }
  const delta = value - previous;
  const change = previous === 0 ? null : delta / Math.abs(previous);
  const tooSmall = Math.abs(delta) < resolution || (change !== null && Math.abs(change) < UNCHANGED_BELOW);
  const direction = delta === 0 || tooSmall ? "unchanged" : delta > 0 ? "increase" : "decrease";
  return { value, previous, change, direction, status: "ok", ...base };
}
