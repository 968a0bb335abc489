import { type components, unwrap } from "@brandscope/api-client";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { figuresOf, pollWhileRecomputing, whileComputing } from "../modules/computing";
import type { PeriodParams } from "../modules/period";

export type ContentAnalytics = components["schemas"]["ContentAnalytics"];
export type PostRef = components["schemas"]["PostRef"];
export type Pillar = components["schemas"]["Pillar"];

export const contentKeys = {
  all: ["content"] as const,
  analytics: (period: PeriodParams) => [...contentKeys.all, "analytics", period] as const,
};

export const contentOptions = (period: PeriodParams) =>
  queryOptions({
    queryKey: contentKeys.analytics(period),
    queryFn: ({ signal }) => figuresOf(unwrap(api.GET("/content", { params: { query: period }, signal }))),
    placeholderData: keepPreviousData,
    ...whileComputing,
    refetchInterval: pollWhileRecomputing((data: ContentAnalytics) => data.provenance),
  });

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** 'Tuesday, 18:00–21:00' from an ISO weekday (1 = Monday) and a block of hours. */
export function formatBestTime(slot: { weekday: number; hourFrom: number; hourTo: number }): string {
  const day = weekdays[slot.weekday - 1] ?? `Day ${slot.weekday}`;
  const hour = (value: number) => `${String(value % 24).padStart(2, "0")}:00`;
  return `${day}, ${hour(slot.hourFrom)}–${hour(slot.hourTo)}`;
}

/** '2.4× your median' for a relative performance; missing stays missing. */
export function formatRelativePerformance(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "No comparison";
  return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format(value)}× your median`;
}
