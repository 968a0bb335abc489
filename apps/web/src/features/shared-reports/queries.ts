import { type components, unwrap } from "@brandscope/api-client";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { figuresOf, isBeingComputed, whileComputing } from "../modules/computing";

export type SharedReport = components["schemas"]["SharedReport"];
export type SharedReportModule = components["schemas"]["SharedReportModule"];
export type SharedReportView = components["schemas"]["SharedReportView"];
export type ReportWindow = components["schemas"]["Window"];

export const sharedReportKeys = {
  all: ["shared-reports"] as const,
  list: () => [...sharedReportKeys.all, "list"] as const,
  view: (token: string) => [...sharedReportKeys.all, "view", token] as const,
};

/** The workspace's links, newest first (GET /shared-reports). */
export const sharedReportsOptions = () =>
  queryOptions({
    queryKey: sharedReportKeys.list(),
    queryFn: ({ signal }) => unwrap(api.GET("/shared-reports", { signal })),
  });

/** The report a link opens, for someone without an account (GET /shared-report, the token is the credential). */
export const sharedReportViewOptions = (token: string) =>
  queryOptions({
    queryKey: sharedReportKeys.view(token),
    queryFn: ({ signal }) =>
      figuresOf(unwrap(api.GET("/shared-report", { params: { query: { token } }, signal }))),
    // A refusal is final; figures still being computed are read again until ready.
    retry: (_count, error) => isBeingComputed(error),
    retryDelay: whileComputing.retryDelay,
  });

/** The report as a PDF, made on the server with the same token (GET /shared-report/pdf). */
export const sharedReportPdfPath = (token: string) =>
  `/api/shared-report/pdf?token=${encodeURIComponent(token)}`;

/** The link's address on this app's origin: the token rides in the query, which the server's logs redact. */
export const sharedReportUrl = (token: string) =>
  `${window.location.origin}/report?token=${encodeURIComponent(token)}`;

export function useCreateSharedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateSharedReportRequest"]) =>
      unwrap(api.POST("/shared-reports", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedReportKeys.list() }),
  });
}

export function useRevokeSharedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/shared-reports/{id}", { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedReportKeys.list() }),
  });
}

export const moduleTitles: Record<SharedReportModule, string> = {
  content: "Content",
  competitors: "Competitors",
  audience: "Audience",
  influencers: "Influencers",
  intent: "Intent",
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));

/** The days a named period covers ending today (a custom range is its own), for modules whose answer has no window. */
export function windowOfPeriod(
  period: { period: "7d" | "30d" | "90d" | "12m" | "custom"; from?: string; to?: string },
  today = isoDay(new Date()),
): ReportWindow {
  if (period.period === "custom" && period.from && period.to) return { from: period.from, to: period.to };
  const days = { "7d": 7, "30d": 30, "90d": 90, "12m": 365, custom: 30 }[period.period];
  return { from: daysBefore(today, days - 1), to: today };
}

/** The link's last day from now: `days` ahead, as the contract's date. */
export const expiryIn = (days: number, today = new Date()) =>
  isoDay(new Date(today.getTime() + days * 86_400_000));
