import { abbreviateNumber } from "@brandscope/ui/format";
import { ResponsiveBar } from "@nivo/bar";
import type { ChartLegendItem } from "../card/chart-card";
import { ChartFrame } from "../shared/chart-frame";
import { ChartLegend } from "../shared/chart-legend";
import { ChartTooltip } from "../shared/chart-tooltip";
import { useChartAnimation } from "../shared/use-chart-animation";
import { mixColors } from "../theme/color";
import { NETWORK_LABELS, type Network, networkColor } from "../theme/networks";
import { useChartTheme } from "../theme/use-chart-theme";

export interface BarMetric {
  id: string;
  label: string;
}

export interface PlatformBarDatum {
  network: Network;
  /** By metric id; `null` when the network has no figure for it. */
  values: Readonly<Record<string, number | null>>;
}

export interface PlatformBarChartProps {
  data: readonly PlatformBarDatum[];
  /** One bar per metric in each platform's group, e.g. audience and engagement. */
  metrics: readonly BarMetric[];
  ariaLabel: string;
  valueFormat?: (value: number) => string;
  /**
   * Names the metrics under the chart, each with a swatch shaded the way its bars are: with two or more metrics
   * the bars of a platform differ only by shade, so show it unless a legend is drawn elsewhere.
   */
  legend?: boolean;
  height?: number;
  emptyMessage?: string;
  className?: string;
}

type Row = Record<string, string | number>;

// Each platform keeps its own colour; its 2nd, 3rd… metric is the same colour, lighter.
const METRIC_SHADE = [0, 0.45, 0.65, 0.8];
const shadeOf = (metricIndex: number) => METRIC_SHADE[metricIndex] ?? 0.8;
const keyOf = (metric: BarMetric) => `metric:${metric.id}`;

/** A legend for the metrics, shaded the way the bars are (the platforms are named on the axis). */
export function platformBarLegend(metrics: readonly BarMetric[]): ChartLegendItem[] {
  return metrics.map((metric, index) => ({
    label: metric.label,
    color: `color-mix(in srgb, var(--muted-foreground) ${Math.round((1 - shadeOf(index)) * 100)}%, var(--card))`,
  }));
}

/** Metrics per social network, grouped by platform and drawn in each network's own colour. */
export function PlatformBarChart({
  data,
  metrics,
  ariaLabel,
  valueFormat = abbreviateNumber,
  legend = false,
  height = 320,
  emptyMessage,
  className,
}: PlatformBarChartProps) {
  const theme = useChartTheme();
  const animate = useChartAnimation();
  const rows: Row[] = data.map((datum) => {
    const row: Row = { platform: NETWORK_LABELS[datum.network] };
    for (const metric of metrics) {
      const value = datum.values[metric.id];
      if (typeof value === "number") row[keyOf(metric)] = value;
    }
    return row;
  });
  const networkByPlatform = new Map(data.map((datum) => [NETWORK_LABELS[datum.network], datum.network]));
  const metricByKey = new Map(metrics.map((metric, index) => [keyOf(metric), { metric, index }]));
  const hasValues = data.some((datum) =>
    metrics.some((metric) => typeof datum.values[metric.id] === "number"),
  );

  return (
    <ChartFrame
      ariaLabel={ariaLabel}
      size={{ height }}
      isEmpty={!hasValues}
      emptyMessage={emptyMessage}
      className={className}
      footer={
        legend ? (
          <ChartLegend
            className="mt-3 justify-center"
            items={metrics.map((metric, index) => ({
              label: metric.label,
              color: mixColors(theme.tokens["muted-foreground"], theme.tokens.card, shadeOf(index)),
            }))}
          />
        ) : null
      }
      table={{
        columns: ["Platform", ...metrics.map((metric) => metric.label)],
        rows: data.map((datum) => ({
          id: datum.network,
          cells: [
            NETWORK_LABELS[datum.network],
            ...metrics.map((metric) => {
              const value = datum.values[metric.id];
              return typeof value === "number" ? valueFormat(value) : "No data";
            }),
          ],
        })),
      }}
    >
      <ResponsiveBar<Row>
        data={rows}
        keys={metrics.map(keyOf)}
        indexBy="platform"
        groupMode="grouped"
        role="presentation"
        theme={theme.nivo}
        animate={animate}
        margin={{ top: 16, right: 16, bottom: 40, left: 56 }}
        padding={0.3}
        innerPadding={2}
        borderRadius={2}
        colors={(bar) => {
          const network = networkByPlatform.get(String(bar.indexValue));
          const base = network ? theme.resolve(networkColor(network)) : theme.tokens.primary;
          return mixColors(base, theme.tokens.card, shadeOf(metricByKey.get(String(bar.id))?.index ?? 0));
        }}
        enableLabel={false}
        enableGridY
        gridYValues={5}
        axisLeft={{ tickValues: 5, format: (value: number) => valueFormat(value) }}
        axisBottom={{ tickPadding: 8 }}
        valueFormat={(value) => valueFormat(value)}
        tooltip={({ id, value, color, indexValue }) => (
          <ChartTooltip
            title={String(indexValue)}
            color={color}
            rows={[[metricByKey.get(String(id))?.metric.label ?? String(id), valueFormat(value)]]}
          />
        )}
      />
    </ChartFrame>
  );
}
