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
const MAX_CUSTOM_DAYS = 731;

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
 * The window of a module read. Named periods end on the last day the brand has data (`dataEnd`), so a brand whose
 * newest import is a week old still shows its last 30 days rather than an empty chart; the provenance says how old
 * the data is. A custom range must lie within the stored history.
 */
/**
 * The key a period query's figures are stored under ("30d", "12m", "custom:<from>:<to>"), read from the query
 * alone; undefined when it is malformed (resolvePeriod says why).
 */
export function periodKeyOf(query: PeriodQuery): string | undefined {
  const period = query.period ?? "30d";
  if (period !== "custom") return query.from || query.to ? undefined : period;
  return query.from && query.to ? `custom:${query.from}:${query.to}` : undefined;
}

export function resolvePeriod(query: PeriodQuery, history: DayWindow): ResolvedPeriod {
  const period = query.period ?? "30d";
  if (period !== "custom") {
    if (query.from || query.to) throw new PeriodError("from and to are only used with period=custom");
    const to = history.to;
    const from =
      period === "12m"
        ? addDays(toDay(new Date(Date.UTC(+to.slice(0, 4) - 1, +to.slice(5, 7) - 1, +to.slice(8, 10)))), 1)
        : addDays(to, -(LENGTH_DAYS[period] - 1));
    const window = { from, to };
    return { key: periodKeyOf(query) ?? period, window, previous: previousOf(window) };
  }
  if (!query.from || !query.to) throw new PeriodError("A custom period needs from and to");
  if (query.from > query.to) throw new PeriodError("The period must start before it ends");
  if (query.from < history.from || query.to > history.to) {
    throw new PeriodError(`Choose dates between ${history.from} and ${history.to}, the stored history`);
  }
  if (daysBetween(query.from, query.to) + 1 > MAX_CUSTOM_DAYS) {
    throw new PeriodError("A custom period can be at most two years long");
  }
  const window = { from: query.from, to: query.to };
  return { key: periodKeyOf(query) ?? "custom", window, previous: previousOf(window) };
}
