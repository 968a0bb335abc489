import type { components } from "@brandscope/api-client/schema";
import isoCountries from "i18n-iso-countries";
import { compareFigure } from "../figure";
import type { DayWindow } from "../periods";
import { latestCompleteMonth, previousMonth } from "./months";

type Schemas = components["schemas"];

export interface TrafficMonth {
  /** Complete calendar month, YYYY-MM. */
  month: string;
  /** ISO 3166-1 alpha-2, or "unknown" (visits an export could not place). */
  country: string;
  /** Each measure is null where the source does not give it: unknown, never 0. */
  visits: number | null;
  searchVisits: number | null;
  pagesPerVisit: number | null;
  /** Seconds. */
  avgDuration: number | null;
  /** A stock for the whole site, repeated on each country row of the month. */
  backlinks: number | null;
  /** GA4's engaged sessions, a subset of the visits. */
  engagedSessions: number | null;
  /** GA4's engagement time in all, seconds: per visit once divided by the visits. */
  engagementSeconds: number | null;
}

export type WebsiteMetric = { metric: Schemas["MetricName"] } & Schemas["Figure"];
/** The metrics monthly traffic data gives; articles per week comes from the website's articles (content/website.ts). */
type TrafficMetric = Exclude<Schemas["MetricName"], "articlesPerWeek">;

/** What the map's shares are of: visits, or GA4's engaged sessions when a month's export has no sessions. */
export type TrafficMeasure = "visits" | "engagedSessions";

/**
 * Visit shares by country for the latest complete month by the window end (§2 "Traffic by country"), largest
 * first. The map's features are keyed by ISO alpha-3 (the contract's TrafficEntry.countryId); a code the ISO table
 * does not know (an unknown country) is left out rather than drawn on the wrong country. A month whose rows have no
 * visits but engaged sessions (a GA4 export without Sessions) gives shares of those, and says so (`measure`).
 */
export function trafficByCountry(
  rows: readonly TrafficMonth[],
  window: DayWindow,
): { entries: Schemas["TrafficEntry"][]; month: string | null; measure: TrafficMeasure | null } {
  const month = latestCompleteMonth(
    rows.map((r) => r.month),
    window.to,
  );
  if (month === null) return { entries: [], month: null, measure: null };
  const inMonth = rows.filter((r) => r.month === month);
  const measure: TrafficMeasure = inMonth.some((r) => r.visits !== null) ? "visits" : "engagedSessions";
  const byCountry = new Map<string, number>();
  for (const r of inMonth) {
    const value = measure === "visits" ? r.visits : r.engagedSessions;
    const id = isoCountries.alpha2ToAlpha3(r.country.toUpperCase());
    if (id && value !== null) byCountry.set(id, (byCountry.get(id) ?? 0) + value);
  }
  const total = [...byCountry.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return { entries: [], month, measure: null };
  const entries = [...byCountry.entries()]
    .map(([countryId, visits]) => ({ countryId, visitsShare: visits / total }))
    .sort((a, b) => b.visitsShare - a.visitsShare || (a.countryId < b.countryId ? -1 : 1));
  return { entries, month, measure };
}

type MonthValues = Record<TrafficMetric, number | null> & { rows: number };

/** Sums the known values; null when none is known (unknown is not 0). */
function knownSum(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/**
 * §2 website metrics of one month; per-visit averages are weighted by visits (only rows with both), backlinks are
 * a stock. Visit duration is the sources' own average, or GA4's engagement time over its sessions.
 */
function monthValues(rows: readonly TrafficMonth[], month: string): MonthValues | null {
  const inMonth = rows.filter((r) => r.month === month);
  if (inMonth.length === 0) return null;
  const perVisit = (value: (r: TrafficMonth) => number | null): number | null => {
    let weight = 0;
    let total = 0;
    for (const r of inMonth) {
      const v = value(r);
      if (v === null || r.visits === null) continue;
      weight += r.visits;
      total += v;
    }
    return weight > 0 ? total / weight : null;
  };
  const backlinks = inMonth.flatMap((r) => (r.backlinks === null ? [] : [r.backlinks]));
  return {
    overallTraffic: knownSum(inMonth.map((r) => r.visits)),
    searchTraffic: knownSum(inMonth.map((r) => r.searchVisits)),
    pagesPerVisit: perVisit((r) => (r.pagesPerVisit === null ? null : r.pagesPerVisit * (r.visits ?? 0))),
    avgDuration: perVisit((r) =>
      r.avgDuration !== null ? r.avgDuration * (r.visits ?? 0) : r.engagementSeconds,
    ),
    // Every country row repeats the site's count: take it once (max guards a row that lacks it), never a sum.
    backLinks: backlinks.length === 0 ? null : Math.max(...backlinks),
    rows: inMonth.length,
  };
}

/**
 * Why a month with traffic rows still has no value for a metric: which source would fill it
 * (docs/analytics-methods.md §2 "Website metrics"). Only GA4 exports and the sample data fill traffic today.
 */
const NOT_IN_SOURCE: Readonly<Record<TrafficMetric, string>> = {
  overallTraffic:
    "The month's GA4 export has no Sessions column: add the Sessions metric to the report before exporting.",
  searchTraffic:
    "No uploaded source splits the visits by channel: GA4's country report has no organic search figure.",
  pagesPerVisit: "No uploaded source gives page views per visit: GA4's country report has no Views.",
  avgDuration:
    "Visit duration needs the visits and their engagement time: a GA4 export with the Sessions metric gives both.",
  backLinks:
    "None of the exports Brandscope reads gives backlinks: GA4 measures the visits to your own site only.",
};

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
    // A month with its visits known to be 0 has no per-visit average; otherwise a missing value is one no source
    // of the month gives.
    const noVisits = current.overallTraffic === 0;
    const figure = compareFigure(value, before, {
      n: current.rows,
      resolution: RESOLUTION[metric],
      reason: noVisits ? "No visits in the month." : NOT_IN_SOURCE[metric],
      missing: noVisits ? "no_data" : "not_available",
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
