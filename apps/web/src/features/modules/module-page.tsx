import type { Brand } from "@brandscope/api-client";
import { Badge } from "@brandscope/ui/badge";
import { cn } from "@brandscope/ui/cn";
import { PeriodPicker, type PeriodValue } from "@brandscope/ui/period-picker";
import { SectionState, type SectionStatus } from "@brandscope/ui/section-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import * as React from "react";
import { PrintHeader } from "~/features/branding/print-header";
import { ButtonLink } from "~/lib/link";
import type { PeriodParams } from "./period";

/**
 * A module screen: its heading, the sample-data badge, the provenance line, the period picker and then its
 * sections.
 */
export function ModulePage({
  title,
  description,
  brand,
  period,
  onPeriodChange,
  provenance,
  actions,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  brand?: Pick<Brand, "sample" | "name">;
  period?: PeriodParams;
  onPeriodChange?: (next: PeriodValue) => void;
  /** The provenance line, once the figures have loaded. */
  provenance?: React.ReactNode;
  /** Other controls of the page, e.g. Refresh. */
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PrintHeader title={title} brandName={brand?.name} period={period} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2">
            <h1 className="text-foreground text-2xl font-semibold tracking-tight">{title}</h1>
            {/* The provenance line says "Sample data" itself once the figures are in. */}
            {brand?.sample && !provenance ? (
              <Badge tone="warning" data-slot="sample-badge">
                Sample data
              </Badge>
            ) : null}
          </div>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
          {provenance}
        </div>
        <div className="flex flex-wrap items-start gap-3">
          {actions}
          {period && onPeriodChange ? (
            <PeriodPicker value={period} onValueChange={onPeriodChange} label={`${title} period`} />
          ) : null}
        </div>
      </header>
      {children}
    </div>
  );
}

type SectionStateValue = { status: SectionStatus; reason?: string | null };

/**
 * Whether the brand on screen takes data from Data sources (an own brand, not the sample): BrandGate says so, and a
 * section without data or history then links there.
 */
export const TakesImports = React.createContext(false);

/**
 * One section of a module in a card: a heading, actions (Export CSV), and its body, or why it has none
 * (not enough history, no data…). A stale section shows its data with a note.
 */
export function SectionCard({
  title,
  description,
  actions,
  state,
  loading = false,
  skeletonHeight = 240,
  className,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  state?: SectionStateValue;
  loading?: boolean;
  skeletonHeight?: number;
  className?: string;
  children?: React.ReactNode;
}) {
  const titleId = React.useId();
  const blocked = state && state.status !== "ok" && state.status !== "stale";
  const takesImports = React.useContext(TakesImports);
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      data-slot="section-card"
      className={cn(
        "bg-card text-card-foreground flex min-w-0 flex-col gap-4 rounded-lg border p-5",
        className,
      )}
    >
      <header className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-base leading-tight font-semibold">
            {title}
          </h2>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {loading || blocked ? null : actions}
      </header>
      {loading ? (
        <div role="status" aria-label={`Loading ${title}`}>
          <Skeleton className="w-full" style={{ height: skeletonHeight }} />
        </div>
      ) : blocked && state ? (
        <SectionState
          status={state.status}
          reason={state.reason}
          action={
            takesImports && (state.status === "no_data" || state.status === "insufficient_history") ? (
              <ButtonLink to="/data-sources" emphasis="secondary" size="sm">
                Add data on Data sources
              </ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <>
          {state?.status === "stale" ? (
            <SectionState layout="inline" status="stale" reason={state.reason} />
          ) : null}
          {children}
        </>
      )}
    </section>
  );
}
