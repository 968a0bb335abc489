import { cn } from "@brandscope/ui/cn";
import { Skeleton } from "@brandscope/ui/skeleton";
import { type ComponentProps, type ReactNode, useId } from "react";
import { ChartLegend } from "../shared/chart-legend";

export interface ChartLegendItem {
  label: string;
  /** Any CSS colour; `networkColor()` and the charts' legend helpers give the ones they draw with. */
  color: string;
}

export interface ChartCardProps extends Omit<ComponentProps<"section">, "title"> {
  title: string;
  description?: ReactNode;
  legend?: readonly ChartLegendItem[];
  /** Shows a skeleton of `skeletonHeight` instead of the chart while its data loads. */
  loading?: boolean;
  skeletonHeight?: number;
  /** Controls beside the title, e.g. a period select. */
  actions?: ReactNode;
}

/** The frame every chart sits in: title, optional legend, and the loading skeleton. Charts bring their own empty state. */
export function ChartCard({
  title,
  description,
  legend,
  loading = false,
  skeletonHeight = 300,
  actions,
  className,
  children,
  ...props
}: ChartCardProps) {
  const titleId = useId();
  return (
    <section
      data-slot="chart-card"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className={cn("bg-card text-card-foreground flex flex-col gap-4 rounded-lg border p-5", className)}
      {...props}
    >
      <header className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h3 id={titleId} className="text-base leading-tight font-semibold">
            {title}
          </h3>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {actions}
      </header>
      {loading ? <ChartSkeleton label={`Loading ${title}`} height={skeletonHeight} /> : children}
      {legend && legend.length > 0 && !loading ? <ChartLegend items={legend} /> : null}
    </section>
  );
}

function ChartSkeleton({ label, height }: { label: string; height: number }) {
  return (
    <div data-slot="chart-skeleton" role="status" className="flex flex-col gap-3" style={{ height }}>
      <span className="sr-only">{label}</span>
      <div className="flex min-h-0 flex-1 items-end gap-3">
        {[45, 70, 55, 90, 65, 80].map((percent) => (
          <Skeleton key={percent} className="flex-1 rounded-sm" style={{ height: `${percent}%` }} />
        ))}
      </div>
      <Skeleton className="h-3 w-1/3 rounded-sm" />
    </div>
  );
}
