import { type RadarCustomLayerProps, ResponsiveRadar } from "@nivo/radar";
import type { ChartLegendItem } from "../card/chart-card";
import { ChartFrame } from "../shared/chart-frame";
import { ChartTooltip } from "../shared/chart-tooltip";
import { useChartAnimation } from "../shared/use-chart-animation";
import { withAlpha } from "../theme/color";
import { seriesColor } from "../theme/series-colors";
import { useChartTheme } from "../theme/use-chart-theme";

export interface RadarSeries {
  id: string;
  label: string;
  /** One score per axis, in the axes' order, on the 0–100 scale (values outside are clamped). */
  values: readonly number[];
  /** Any CSS colour; defaults to the theme's series colours in order. */
  color?: string;
}

export interface RadarChartProps {
  axes: readonly string[];
  series: readonly RadarSeries[];
  ariaLabel: string;
  height?: number;
  emptyMessage?: string;
  className?: string;
}

type Row = Record<string, string | number>;

const SCALE_MAX = 100;
const LEVELS = [20, 40, 60, 80, 100];
// Series keys never collide with the row's own axis field.
const keyOf = (series: RadarSeries) => `series:${series.id}`;
const clampScore = (value: number) => Math.min(SCALE_MAX, Math.max(0, Number.isFinite(value) ? value : 0));

/** The colours the radar draws with, for a ChartCard legend. */
export function radarLegend(series: readonly RadarSeries[]): ChartLegendItem[] {
  return series.map((item, index) => ({ label: item.label, color: item.color ?? seriesColor(index) }));
}

/** Scores of one or more series across several axes, on a fixed 0–100 scale (docs/product.md §9). */
export function RadarChart({
  axes,
  series,
  ariaLabel,
  height = 320,
  emptyMessage,
  className,
}: RadarChartProps) {
  const theme = useChartTheme();
  const animate = useChartAnimation();
  const rows: Row[] = axes.map((axis, axisIndex) => ({
    axis,
    ...Object.fromEntries(series.map((item) => [keyOf(item), clampScore(item.values[axisIndex] ?? 0)])),
  }));
  const colourByKey = new Map(
    series.map((item, index) => [keyOf(item), theme.resolve(item.color ?? seriesColor(index))]),
  );
  const labelByKey = new Map(series.map((item) => [keyOf(item), item.label]));

  return (
    <ChartFrame
      ariaLabel={ariaLabel}
      size={{ height }}
      isEmpty={axes.length === 0 || series.length === 0}
      emptyMessage={emptyMessage}
      className={className}
      table={{
        columns: ["Axis", ...series.map((item) => `${item.label} (0–100)`)],
        rows: rows.map((row) => ({
          id: String(row.axis),
          cells: [String(row.axis), ...series.map((item) => String(row[keyOf(item)]))],
        })),
      }}
    >
      <ResponsiveRadar<Row>
        data={rows}
        keys={series.map(keyOf)}
        indexBy="axis"
        role="presentation"
        theme={theme.nivo}
        animate={animate}
        maxValue={SCALE_MAX}
        margin={{ top: 32, right: 72, bottom: 32, left: 72 }}
        gridLevels={LEVELS.length}
        gridShape="linear"
        gridLabelOffset={20}
        colors={({ key }) => colourByKey.get(key) ?? theme.tokens.primary}
        fillOpacity={0.2}
        borderWidth={2}
        dotSize={6}
        dotBorderWidth={0}
        layers={["grid", "layers", "slices", "dots", ScaleLabels]}
        sliceTooltip={({ index, data }) => (
          <ChartTooltip
            title={String(index)}
            rows={data.map((datum) => [labelByKey.get(datum.id) ?? datum.id, datum.formattedValue])}
          />
        )}
      />
    </ChartFrame>
  );
}

/** Numbers up the first spoke, so the 0–100 scale is readable and not just implied; drawn last, on a halo. */
function ScaleLabels({ centerX, centerY, radiusScale }: RadarCustomLayerProps<Row>) {
  const { tokens } = useChartTheme();
  return (
    <g transform={`translate(${centerX}, ${centerY})`} aria-hidden pointerEvents="none">
      {LEVELS.map((level) => (
        <text
          key={level}
          x={6}
          y={-radiusScale(level)}
          dominantBaseline="middle"
          fontSize={10}
          fill={tokens["muted-foreground"]}
          stroke={withAlpha(tokens.card, 0.85)}
          strokeWidth={3}
          paintOrder="stroke"
        >
          {level}
        </text>
      ))}
    </g>
  );
}
