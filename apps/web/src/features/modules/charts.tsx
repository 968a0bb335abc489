import type { PlatformBarChartProps } from "@brandscope/charts/bar";
import type { BubblePresetProps } from "@brandscope/charts/bubble";
import type { ChoroplethChartProps } from "@brandscope/charts/choropleth";
import type { DoughnutChartProps } from "@brandscope/charts/doughnut";
import type { LineChartProps } from "@brandscope/charts/line";
import type { RadarChartProps } from "@brandscope/charts/radar";
import { Skeleton } from "@brandscope/ui/skeleton";
import * as React from "react";

/*
 * Charts load with the first chart a screen draws, not with the route: nivo (and the world map) stay out of the
 * screens' first chunk and far from the sign-in route, and each chart type is its own chunk. Each wrapper shows a
 * placeholder of the chart's size while its code arrives; the charts bring their own text alternative (a hidden
 * table) and empty state.
 */
function ChartSuspense({ height, children }: { height: number; children: React.ReactNode }) {
  return (
    <React.Suspense
      fallback={
        <div role="status" aria-label="Loading chart">
          <Skeleton className="w-full" style={{ height }} />
        </div>
      }
    >
      {children}
    </React.Suspense>
  );
}

/** A chart type loaded on demand: `preload` starts the download early (a route, beside its data). */
interface ChartLoader<P extends object> {
  preload: () => Promise<React.ComponentType<P>>;
  Lazy: React.LazyExoticComponent<React.ComponentType<P>>;
  /** Set once the code is here. */
  loaded?: React.ComponentType<P>;
}

function chartLoader<P extends object>(load: () => Promise<React.ComponentType<P>>): ChartLoader<P> {
  const loader: ChartLoader<P> = {
    preload: () =>
      load().then((component) => {
        loader.loaded = component;
        return component;
      }),
    Lazy: React.lazy(() => loader.preload().then((component) => ({ default: component }))),
  };
  return loader;
}

/**
 * A chart whose code is already here is drawn at once: suspending would show the placeholder, and React holds a
 * revealed boundary back for up to 300 ms. Which way an instance draws is settled when it mounts, so it never
 * remounts halfway.
 */
function LoadedChart<P extends object>({
  loader,
  height,
  props,
}: {
  loader: ChartLoader<P>;
  height: number;
  props: P;
}) {
  const [Ready] = React.useState(() => loader.loaded);
  if (Ready) return <Ready {...props} />;
  return (
    <ChartSuspense height={height}>
      <loader.Lazy {...props} />
    </ChartSuspense>
  );
}

const doughnut = chartLoader(() => import("@brandscope/charts/doughnut").then((m) => m.DoughnutChart));
const keywordBubble = chartLoader(() =>
  import("@brandscope/charts/bubble").then((m) => m.KeywordBubbleChart),
);
const engagementBubble = chartLoader(() =>
  import("@brandscope/charts/bubble").then((m) => m.EngagementBubbleChart),
);
const radar = chartLoader(() => import("@brandscope/charts/radar").then((m) => m.RadarChart));
const line = chartLoader(() => import("@brandscope/charts/line").then((m) => m.LineChart));
const platformBar = chartLoader(() => import("@brandscope/charts/bar").then((m) => m.PlatformBarChart));
const choropleth = chartLoader(() => import("@brandscope/charts/choropleth").then((m) => m.ChoroplethChart));

/** Starts loading the doughnut's code before a screen draws it (the content route, beside its figures). */
export const preloadDoughnutChart = doughnut.preload;

export function DoughnutChart(props: DoughnutChartProps) {
  return <LoadedChart loader={doughnut} height={props.height ?? 280} props={props} />;
}

export function KeywordBubbleChart(props: BubblePresetProps) {
  return <LoadedChart loader={keywordBubble} height={props.height ?? 360} props={props} />;
}

export function EngagementBubbleChart(props: BubblePresetProps) {
  return <LoadedChart loader={engagementBubble} height={props.height ?? 360} props={props} />;
}

export function RadarChart(props: RadarChartProps) {
  return <LoadedChart loader={radar} height={props.height ?? 320} props={props} />;
}

export function LineChart(props: LineChartProps) {
  return <LoadedChart loader={line} height={400} props={props} />;
}

export function PlatformBarChart(props: PlatformBarChartProps) {
  return <LoadedChart loader={platformBar} height={props.height ?? 320} props={props} />;
}

export function ChoroplethChart(props: ChoroplethChartProps) {
  return <LoadedChart loader={choropleth} height={360} props={props} />;
}
