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
 * screens' first chunk and far from the sign-in route. Each wrapper shows a placeholder of the chart's size
 * while its code arrives; the charts bring their own text alternative (a hidden table) and empty state.
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

const LazyDoughnut = React.lazy(() =>
  import("@brandscope/charts/doughnut").then((m) => ({ default: m.DoughnutChart })),
);
const LazyKeywordBubble = React.lazy(() =>
  import("@brandscope/charts/bubble").then((m) => ({ default: m.KeywordBubbleChart })),
);
const LazyEngagementBubble = React.lazy(() =>
  import("@brandscope/charts/bubble").then((m) => ({ default: m.EngagementBubbleChart })),
);
const LazyRadar = React.lazy(() =>
  import("@brandscope/charts/radar").then((m) => ({ default: m.RadarChart })),
);
const LazyLine = React.lazy(() => import("@brandscope/charts/line").then((m) => ({ default: m.LineChart })));
const LazyPlatformBar = React.lazy(() =>
  import("@brandscope/charts/bar").then((m) => ({ default: m.PlatformBarChart })),
);
const LazyChoropleth = React.lazy(() =>
  import("@brandscope/charts/choropleth").then((m) => ({ default: m.ChoroplethChart })),
);

export function DoughnutChart(props: DoughnutChartProps) {
  return (
    <ChartSuspense height={props.height ?? 280}>
      <LazyDoughnut {...props} />
    </ChartSuspense>
  );
}

export function KeywordBubbleChart(props: BubblePresetProps) {
  return (
    <ChartSuspense height={props.height ?? 360}>
      <LazyKeywordBubble {...props} />
    </ChartSuspense>
  );
}

export function EngagementBubbleChart(props: BubblePresetProps) {
  return (
    <ChartSuspense height={props.height ?? 360}>
      <LazyEngagementBubble {...props} />
    </ChartSuspense>
  );
}

export function RadarChart(props: RadarChartProps) {
  return (
    <ChartSuspense height={props.height ?? 320}>
      <LazyRadar {...props} />
    </ChartSuspense>
  );
}

export function LineChart(props: LineChartProps) {
  return (
    <ChartSuspense height={400}>
      <LazyLine {...props} />
    </ChartSuspense>
  );
}

export function PlatformBarChart(props: PlatformBarChartProps) {
  return (
    <ChartSuspense height={props.height ?? 320}>
      <LazyPlatformBar {...props} />
    </ChartSuspense>
  );
}

export function ChoroplethChart(props: ChoroplethChartProps) {
  return (
    <ChartSuspense height={360}>
      <LazyChoropleth {...props} />
    </ChartSuspense>
  );
}
