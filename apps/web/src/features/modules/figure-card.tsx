import type { components } from "@brandscope/api-client";
import { FigureDelta } from "@brandscope/ui/figure-delta";
import { SectionState, sectionStateText } from "@brandscope/ui/section-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import type * as React from "react";
import { formatChange, unknownEngagementText } from "./format";

export type Figure = components["schemas"]["Figure"];

/** Whether a figure has a value to show: its status allows it and the value is really there (never a stand-in 0). */
export function hasValue(figure: Figure): figure is Figure & { value: number } {
  return (
    (figure.status === "ok" || figure.status === "stale") &&
    typeof figure.value === "number" &&
    Number.isFinite(figure.value)
  );
}

/** Why a figure has no value: 'Not enough history (needs 4 weeks, has 2)'. */
export function missingText(figure: Figure): string {
  const status = figure.status === "ok" || figure.status === "stale" ? "no_data" : figure.status;
  return sectionStateText(status, figure.reason) ?? "No data for this period";
}

/**
 * A headline figure: its value, its change against the previous period and the direction, or why it has none
 * ('Not enough history (reason)'). A missing value is never shown as 0.
 */
export function FigureCard({
  label,
  figure,
  format,
  comparison,
  goodDirection,
  note,
  footer,
}: {
  label: React.ReactNode;
  figure: Figure;
  format: (value: number) => string;
  comparison?: string;
  goodDirection?: "increase" | "decrease";
  note?: React.ReactNode;
  footer?: React.ReactNode;
}) {
  const present = hasValue(figure);
  return (
    <div
      data-slot="figure-card"
      data-status={figure.status}
      className="bg-card text-card-foreground flex flex-col gap-3 rounded-lg border p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-muted-foreground text-sm font-medium">{label}</p>
        {note}
      </div>
      {present ? (
        <>
          <p data-slot="figure-value" className="text-3xl font-semibold tracking-tight tabular-nums">
            {format(figure.value)}
          </p>
          <FigureDelta
            direction={figure.direction ?? null}
            change={figure.change === null ? undefined : formatChange(figure.change)}
            comparison={figure.direction ? comparison : undefined}
            goodDirection={goodDirection}
            missing={
              figure.previous === null ? "No previous period to compare" : "No change figure for this period"
            }
          />
          {figure.status === "stale" ? (
            <SectionState layout="inline" status="stale" reason={figure.reason} />
          ) : null}
        </>
      ) : (
        <p data-slot="figure-missing" className="text-muted-foreground text-sm">
          {missingText(figure)}
        </p>
      )}
      {figure.unknownEngagement ? (
        <p data-slot="figure-left-out" className="text-muted-foreground text-xs">
          {unknownEngagementText(figure.unknownEngagement)}
        </p>
      ) : null}
      {footer}
    </div>
  );
}

export function FigureCardSkeleton({ label }: { label: string }) {
  return (
    <div className="bg-card flex flex-col gap-3 rounded-lg border p-5" aria-busy="true">
      <p className="text-muted-foreground text-sm font-medium">{label}</p>
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-4 w-32" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
