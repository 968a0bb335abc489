import { abbreviateNumber } from "@brandscope/ui/format";
import { type ComputedDatum, ResponsivePie } from "@nivo/pie";
import type { ChartLegendItem } from "../card/chart-card";
import { wholePercents } from "../format";
import { ChartFrame } from "../shared/chart-frame";
import { ChartTooltip } from "../shared/chart-tooltip";
import { useChartAnimation } from "../shared/use-chart-animation";
import { readableTextOn } from "../theme/color";
import { seriesColor } from "../theme/series-colors";
import { useChartTheme } from "../theme/use-chart-theme";

export interface DoughnutDatum {
  id: string;
  label: string;
  value: number;
  /** Any CSS colour (e.g. `networkColor("tiktok")`); defaults to the theme's series colours in order. */
  color?: string;
}

export interface DoughnutChartProps {
  data: readonly DoughnutDatum[];
  /** Names the chart for screen readers, e.g. "Content by network". */
  ariaLabel: string;
  height?: number;
  valueFormat?: (value: number) => string;
  emptyMessage?: string;
  className?: string;
}

interface Slice {
  id: string;
  label: string;
  value: number;
  percent: number;
  color: string;
}

/** The colours the doughnut draws with, for a ChartCard legend. */
export function doughnutLegend(data: readonly DoughnutDatum[]): ChartLegendItem[] {
  return data.map((datum, index) => ({ label: datum.label, color: datum.color ?? seriesColor(index) }));
}

/** Shares of a whole as a ring (cutout 60%), each slice labelled with its whole percent (docs/product.md §9). */
export function DoughnutChart({
  data,
  ariaLabel,
  height = 280,
  valueFormat = abbreviateNumber,
  emptyMessage,
  className,
}: DoughnutChartProps) {
  const theme = useChartTheme();
  const animate = useChartAnimation();
  const percents = wholePercents(data.map((datum) => datum.value));
  const slices: Slice[] = data.map((datum, index) => ({
    id: datum.id,
    label: datum.label,
    value: Math.max(0, datum.value),
    percent: percents[index] ?? 0,
    color: theme.resolve(datum.color ?? seriesColor(index)),
  }));
  const isEmpty = slices.every((slice) => slice.value === 0);

  return (
    <ChartFrame
      ariaLabel={ariaLabel}
      size={{ height }}
      isEmpty={isEmpty}
      emptyMessage={emptyMessage}
      className={className}
      table={{
        columns: ["Segment", "Value", "Share"],
        rows: slices.map((slice) => ({
          id: slice.id,
          cells: [slice.label, valueFormat(slice.value), `${slice.percent}%`],
        })),
      }}
    >
      <ResponsivePie<Slice>
        data={slices.filter((slice) => slice.value > 0)}
        role="presentation"
        theme={theme.nivo}
        animate={animate}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        innerRadius={0.6}
        padAngle={0.8}
        cornerRadius={2}
        activeOuterRadiusOffset={4}
        colors={(slice) => slice.data.color}
        borderWidth={0}
        enableArcLinkLabels={false}
        arcLabel={(slice) => `${slice.data.percent}%`}
        arcLabelsSkipAngle={14}
        arcLabelsTextColor={(slice: ComputedDatum<Slice>) => readableTextOn(slice.color)}
        tooltip={({ datum }) => (
          <ChartTooltip
            title={datum.data.label}
            color={datum.color}
            rows={[
              ["Value", valueFormat(datum.data.value)],
              ["Share", `${datum.data.percent}%`],
            ]}
          />
        )}
      />
    </ChartFrame>
  );
}
