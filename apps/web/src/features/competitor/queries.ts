import { type components, unwrap } from "@brandscope/api-client";
import type { PlatformBarDatum } from "@brandscope/charts/bar";
import { NETWORKS } from "@brandscope/charts/networks";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { figuresOf, whileComputing } from "../modules/computing";
import type { PeriodParams } from "../modules/period";

export type CompetitorAnalytics = components["schemas"]["CompetitorAnalytics"];
export type CompetitorEntry = components["schemas"]["CompetitorEntry"];
export type MetricName = components["schemas"]["MetricName"];

export const competitorKeys = {
  all: ["competitor"] as const,
  analytics: (period: PeriodParams) => [...competitorKeys.all, "analytics", period] as const,
};

const fetchAnalytics = (period: PeriodParams, refresh: boolean, signal?: AbortSignal) =>
  figuresOf(
    unwrap(api.GET("/competitor", { params: { query: refresh ? { ...period, refresh } : period }, signal })),
  );

// No placeholder data: a failed load shows its error, never the figures of before (docs/product.md §4).
export const competitorOptions = (period: PeriodParams) =>
  queryOptions({
    queryKey: competitorKeys.analytics(period),
    queryFn: ({ signal }) => fetchAnalytics(period, false, signal),
    ...whileComputing,
  });

/**
 * Asks for the figures to be recomputed (GET /competitor?refresh=true). The server queues the recompute and answers
 * at once with the figures stored now and what it did (`refresh`); the new figures come with a later read.
 */
export const requestRecompute = (period: PeriodParams) => fetchAnalytics(period, true);

/** docs/product.md §4: the competitor matching the requested id, otherwise the first, otherwise none. */
export function selectCompetitor(
  competitors: readonly CompetitorEntry[],
  requestedId: string | undefined,
): CompetitorEntry | undefined {
  return competitors.find((entry) => entry.id === requestedId) ?? competitors[0];
}

/** Brand against competitor per platform, for one measure; platforms neither has are left out. */
export function platformComparison(
  brand: CompetitorEntry,
  competitor: CompetitorEntry | undefined,
  measure: "audience" | "engagement",
): PlatformBarDatum[] {
  const byPlatform = (entry: CompetitorEntry | undefined) =>
    new Map(entry?.audienceByPlatform.map((figures) => [figures.platform, figures[measure]]) ?? []);
  const ours = byPlatform(brand);
  const theirs = byPlatform(competitor);
  return NETWORKS.filter((network) => ours.has(network) || theirs.has(network)).map((network) => ({
    network,
    values: { brand: ours.get(network) ?? null, competitor: theirs.get(network) ?? null },
  }));
}

/**
 * Said with the audience chart when a company's count there is rounded by its source (YouTube subscribers, rounded
 * down to three significant figures); null when every count is exact.
 */
export function roundedAudienceNote(
  brand: CompetitorEntry,
  competitor: CompetitorEntry | undefined,
): string | null {
  const rounded = [brand, competitor].some((entry) =>
    entry?.audienceByPlatform.some((f) => f.audience !== null && (f.audienceRoundedTo ?? 1) > 1),
  );
  return rounded
    ? "YouTube rounds subscriber counts down to three significant figures: those shown are about."
    : null;
}

export const metricOrder: readonly MetricName[] = [
  "overallTraffic",
  "searchTraffic",
  "pagesPerVisit",
  "avgDuration",
  "backLinks",
  "articlesPerWeek",
];

export const metricLabels: Record<MetricName, string> = {
  overallTraffic: "Overall traffic",
  searchTraffic: "Search traffic",
  pagesPerVisit: "Pages per visit",
  avgDuration: "Average visit duration",
  backLinks: "Backlinks",
  articlesPerWeek: "Articles per week",
};
