import { type components, unwrap } from "@brandscope/api-client";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { figuresOf, pollWhileRecomputing, whileComputing } from "../modules/computing";
import { formatCount, formatDecimal, formatRate } from "../modules/format";
import type { PeriodParams } from "../modules/period";

export type Dashboard = components["schemas"]["Dashboard"];
export type Headline = Dashboard["headlines"][number];

export const dashboardKeys = {
  all: ["dashboard"] as const,
  headlines: (period: PeriodParams) => [...dashboardKeys.all, period] as const,
};

export const dashboardOptions = (period: PeriodParams) =>
  queryOptions({
    queryKey: dashboardKeys.headlines(period),
    queryFn: ({ signal }) => figuresOf(unwrap(api.GET("/dashboard", { params: { query: period }, signal }))),
    placeholderData: keepPreviousData,
    ...whileComputing,
    refetchInterval: pollWhileRecomputing((data: Dashboard) => data.provenance),
  });

export const moduleRoutes = {
  content: "/content",
  competitor: "/competitor",
  audience: "/audience",
  influencer: "/influencer",
  intent: "/intent",
} as const satisfies Record<Headline["module"], string>;

export const moduleNames: Record<Headline["module"], string> = {
  content: "Content",
  competitor: "Competitors",
  audience: "Audience",
  influencer: "Influencers",
  intent: "Intent",
};

/**
 * The contract gives a headline no unit. Until it does: a fraction under 1 that is not whole reads as a rate
 * (rates are stored as fractions), a whole number as a count, anything else as a decimal.
 */
export function formatHeadline(headline: Headline, value: number): string {
  if (/rate|share|%/i.test(headline.label) || (Math.abs(value) < 1 && !Number.isInteger(value))) {
    return formatRate(value);
  }
  return Number.isInteger(value) ? formatCount(value) : formatDecimal(value);
}
