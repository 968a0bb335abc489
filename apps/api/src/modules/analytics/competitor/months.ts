/** Last day (YYYY-MM-DD) of a calendar month given as YYYY-MM. */
export function monthEnd(month: string): string {
  const [year = 0, m = 1] = month.split("-").map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** The calendar month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  const [year = 0, m = 1] = month.split("-").map(Number);
  return new Date(Date.UTC(year, m - 2, 1)).toISOString().slice(0, 7);
}

/**
 * The latest month of `months` that is complete by `day` (its last day is on or before it). Traffic figures use
 * complete calendar months only (docs/analytics-methods.md §0), so a window ending mid-month reads the month before.
 */
export function latestCompleteMonth(months: Iterable<string>, day: string): string | null {
  let latest: string | null = null;
  for (const m of months) if (monthEnd(m) <= day && (latest === null || m > latest)) latest = m;
  return latest;
}
