import type { components } from "@brandscope/api-client/schema";

export type PeriodName = components["schemas"]["PeriodName"];

/** Inclusive calendar days, `YYYY-MM-DD`. */
export interface DayWindow {
  from: string;
  to: string;
}

export interface PeriodQuery {
  period?: PeriodName | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface ResolvedPeriod {
  /** Key of the stored figures: the period's name, or `custom:<from>:<to>`. */
  key: string;
  window: DayWindow;
  /** The same number of days just before the window. */
  previous: DayWindow;
}

export class PeriodError extends Error {}

const DAY_MS = 86_400_000;
const LENGTH_DAYS: Record<Exclude<PeriodName, "custom" | "12m">, number> = { "7d": 7, "30d": 30, "90d": 90 };
/** A custom range longer than this would compare against a previous period outside any stored history. */
export const MAX_CUSTOM_DAYS = 731;

export const toDay = (date: Date) => date.toISOString().slice(0, 10);
export const dayToDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, days: number) =>
  toDay(new Date(dayToDate(day).getTime() + days * DAY_MS));
export const daysBetween = (from: string, to: string) =>
  Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / DAY_MS);

function previousOf(window: DayWindow): DayWindow {
  const length = daysBetween(window.from, window.to) + 1;
  return { from: addDays(window.from, -length), to: addDays(window.from, -1) };
}

/**
 * The key a period query's figures are stored under ("30d", "12m", "custom:<from>:<to>"), read from the query
 * alone; undefined when it is malformed (resolvePeriod says why).
 */
export function periodKeyOf(query: PeriodQuery): string | undefined {
  const period = query.period ?? "30d";
  if (period !== "custom") return query.from || query.to ? undefined : period;
  return query.from && query.to ? `custom:${query.from}:${query.to}` : undefined;
}

/**
 * The window of a module read within `bounds` (brand-figures.ts periodBounds). Named periods end on its last day,
 * the brand's "today": the server's day for a brand of one's own, the data's last day for the sample
 * (docs/decisions.md "Periods"). A custom range must lie within the bounds.
 */
export function resolvePeriod(query: PeriodQuery, bounds: DayWindow): ResolvedPeriod {
  const period = query.period ?? "30d";
  if (period !== "custom") {
    if (query.from || query.to) throw new PeriodError("from and to are only used with period=custom");
    const to = bounds.to;
    const from =
      period === "12m"
        ? addDays(toDay(new Date(Date.UTC(+to.slice(0, 4) - 1, +to.slice(5, 7) - 1, +to.slice(8, 10)))), 1)
        : addDays(to, -(LENGTH_DAYS[period] - 1));
    const window = { from, to };
    return { key: periodKeyOf(query) ?? period, window, previous: previousOf(window) };
  }
  if (!query.from || !query.to) throw new PeriodError("A custom period needs from and to");
  if (query.from > query.to) throw new PeriodError("The period must start before it ends");
  if (query.from < bounds.from || query.to > bounds.to) {
    throw new PeriodError(`Choose dates between ${bounds.from} and ${bounds.to}`);
  }
  if (daysBetween(query.from, query.to) + 1 > MAX_CUSTOM_DAYS) {
    throw new PeriodError("A custom period can be at most two years long");
  }
  const window = { from: query.from, to: query.to };
  return { key: periodKeyOf(query) ?? "custom", window, previous: previousOf(window) };
}

/**
 * A named period ending on `day` rather than on the company's own last day of data: the one window a comparison
 * of several companies shares (module-context.ts). Stored under `<name>@<day>` ("30d@2026-11-24"), apart from the
 * company's own period, which its other modules keep showing.
 */
export function periodEndingOn(query: PeriodQuery, day: string): ResolvedPeriod {
  const period = resolvePeriod(query, { from: day, to: day });
  return { ...period, key: `${period.key}@${day}` };
}

const dayOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", timeZone: "UTC" });
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A day as a reason sentence names it: "24 Nov 2026". */
export const dayLabel = (day: string) => dayMonthYear.format(dayToDate(day));

/**
 * A window as a reason sentence names it: "2–31 Oct 2026", "26 Oct–24 Nov 2026", or "28 Dec 2025–26 Jan 2026"
 * across a year.
 */
export function windowLabel(window: DayWindow): string {
  const from =
    window.from.slice(0, 7) === window.to.slice(0, 7)
      ? dayOnly
      : window.from.slice(0, 4) === window.to.slice(0, 4)
        ? dayMonth
        : dayMonthYear;
  return `${from.format(dayToDate(window.from))}–${dayLabel(window.to)}`;
}
