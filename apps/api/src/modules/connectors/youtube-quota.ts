/**
 * YouTube's quota day ends at midnight Pacific time (Google's documentation of the Data API quota): the day a
 * unit is counted on, and when a spent quota comes back.
 */
const pacificDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The quota day of `now` (YYYY-MM-DD in Pacific time). */
export const quotaDayOf = (now: Date): string => pacificDay.format(now);

/** The first instant of the next quota day: searched hour by hour, as Pacific time shifts twice a year. */
export function quotaResetAfter(now: Date): Date {
  const today = quotaDayOf(now);
  const next = new Date(now);
  next.setUTCMinutes(0, 0, 0);
  while (quotaDayOf(next) === today) next.setUTCHours(next.getUTCHours() + 1);
  return next;
}

/** Units spent on today's quota day, from what the connection recorded. */
export const unitsSpentToday = (c: { quotaDay: string | null; quotaUsed: number }, now: Date): number =>
  c.quotaDay === quotaDayOf(now) ? c.quotaUsed : 0;
