import type { components } from "@brandscope/api-client/schema";
import isoCountries from "i18n-iso-countries";
import { compareFigure } from "../figure";
import type { DayWindow } from "../periods";
import { latestCompleteMonth, previousMonth } from "./months";

type Schemas = components["schemas"];

export interface TrafficMonth {
  /** Complete calendar month, YYYY-MM. */
  month: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  visits: number;
  searchVisits: number;
  pagesPerVisit: number;
  /** Seconds. */
  avgDuration: number;
  /** A stock for the whole site, repeated on each country row of the month. */
  backlinks: number;
}

export type WebsiteMetric = { metric: Schemas["MetricName"] } & Schemas["Figure"];
/** The metrics monthly traffic data gives; articles per week comes from the website's articles (content/website.ts). */
type TrafficMetric = Exclude<Schemas["MetricName"], "articlesPerWeek">;

/**
 * Visit shares by country for the latest complete month by the window end (§2 "Traffic by country"), largest
 * first. The map's features are keyed by ISO alpha-3 (the contract's TrafficEntry.countryId); a code the ISO table
 * does not know is left out rather than drawn on the wrong country.
 */
export function trafficByCountry(
  rows: readonly TrafficMonth[],
  window: DayWindow,
): { entries: Schemas["TrafficEntry"][]; month: string | null } {
  const month = latestCompleteMonth(
    rows.map((r) => r.month),
    window.to,
  );
  if (month === null) return { entries: [], month: null };
  const visitsByCountry = new Map<string, number>();
  for (const r of rows) {
    if (r.month !== month) continue;
    const id = isoCountries.alpha2ToAlpha3(r.country.toUpperCase());
    if (id) visitsByCountry.set(id, (visitsByCountry.get(id) ?? 0) + r.visits);
  }
  const total = [...visitsByCountry.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return { entries: [], month };
  const entries = [...visitsByCountry.entries()]
    .map(([countryId, visits]) => ({ countryId, visitsShare: visits / total }))
    .sort((a, b) => b.visitsShare - a.visitsShare || (a.countryId < b.countryId ? -1 : 1));
  return { entries, month };
}

interface MonthValues {
  overallTraffic: number;
  searchTraffic: number;
  pagesPerVisit: number | null;
  avgDuration: number | null;
  backLinks: number;
  rows: number;
}

/** §2 website metrics of one month; per-visit averages are weighted by visits, backlinks are a stock. */
function monthValues(rows: readonly TrafficMonth[], month: string): MonthValues | null {
  const inMonth = rows.filter((r) => r.month === month);
  if (inMonth.length === 0) return null;
  let visits = 0;
  let search = 0;
  let pages = 0;
  let duration = 0;
  let backlinks = 0;
  for (const r of inMonth) {
    visits += r.visits;
    search += r.searchVisits;
    pages += r.pagesPerVisit * r.visits;
    duration += r.avgDuration * r.visits;
    // Every country row repeats the site's count: take it once (max guards a row that lacks it), never a sum.
    backlinks = Math.max(backlinks, r.backlinks);
  }
  return {
    overallTraffic: visits,
    searchTraffic: search,
    pagesPerVisit: visits > 0 ? pages / visits : null,
    avgDuration: visits > 0 ? duration / visits : null,
    backLinks: backlinks,
    rows: inMonth.length,
  };
}

/** The smallest change worth showing per metric (§2): below it the direction is "unchanged". */
const RESOLUTION: Readonly<Record<TrafficMetric, number>> = {
  overallTraffic: 0,
  searchTraffic: 0,
  pagesPerVisit: 0.05,
  avgDuration: 3,
  backLinks: 1,
};

const METRICS: readonly TrafficMetric[] = [
  "overallTraffic",
  "searchTraffic",
  "pagesPerVisit",
  "avgDuration",
  "backLinks",
];

/**
 * The five website metrics of §2 for the latest complete month by the window end, against the calendar month
 * before. Without that previous month the value is still shown but the status is `insufficient_history` (the
 * §6 table: a traffic change needs both months), so the UI can say why there is no change.
 */
export function websiteMetrics(rows: readonly TrafficMonth[], window: DayWindow): WebsiteMetric[] {
  const month = latestCompleteMonth(
    rows.map((r) => r.month),
    window.to,
  );
  const current = month === null ? null : monthValues(rows, month);
  const prevMonth = month === null ? null : previousMonth(month);
  const previous = prevMonth === null ? null : monthValues(rows, prevMonth);
  return METRICS.map((metric) => {
    if (current === null) {
      return {
        metric,
        ...compareFigure(null, null, {
          n: 0,
          reason: "No complete month of website traffic data in this period.",
        }),
      };
    }
    const value = current[metric];
    const before = previous === null ? null : previous[metric];
    const figure = compareFigure(value, before, {
      n: current.rows,
      resolution: RESOLUTION[metric],
      reason: "No visits in the month.",
    });
    if (value !== null && previous === null) {
      return {
        metric,
        ...figure,
        status: "insufficient_history",
        reason: `The change needs the month before (${prevMonth}) too, which has no data.`,
      };
    }
    return { metric, ...figure };
  });
}
