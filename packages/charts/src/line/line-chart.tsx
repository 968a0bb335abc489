import { abbreviateNumber } from "@brandscope/ui/format";
import { ResponsiveLine } from "@nivo/line";
import type { ChartLegendItem } from "../card/chart-card";
import { ChartFrame } from "../shared/chart-frame";
import { ChartTooltip } from "../shared/chart-tooltip";
import { useChartAnimation } from "../shared/use-chart-animation";
import { seriesColor } from "../theme/series-colors";
import { useChartTheme } from "../theme/use-chart-theme";
import { LINE_HEIGHT_NARROW, useLineHeight } from "./use-line-height";

export interface LinePoint {
  /** A category on the x axis, e.g. a formatted date; points are drawn in the order given. */
  x: string;
  /** `null` leaves a gap. */
  y: number | null;
}

export interface LineSeries {
  id: string;
  label: string;
  points: readonly LinePoint[];
  /** Any CSS colour; defaults to the theme's series colours in order. */
  color?: string;
}

export interface LineChartProps {
  series: readonly LineSeries[];
  ariaLabel: string;
  /** Heads the x column of the text alternative. */
  xLabel?: string;
  yFormat?: (value: number) => string;
  emptyMessage?: string;
  className?: string;
}

interface NivoSeries {
  id: string;
  data: readonly LinePoint[];
}

/** The colours the line chart draws with, for a ChartCard legend. */
export function lineLegend(series: readonly LineSeries[]): ChartLegendItem[] {
  return series.map((item, index) => ({ label: item.label, color: item.color ?? seriesColor(index) }));
}

// A generous width of one character of an axis label (12 px), to leave room for the last one.
const AXIS_CHARACTER_WIDTH = 7;
const MIN_RIGHT_MARGIN = 24;

function everyNth<T>(items: readonly T[], most: number): T[] {
  const stride = Math.max(1, Math.ceil(items.length / most));
  return items.filter((_, index) => index % stride === 0);
}

/** Values over an ordered category axis; 250 px tall on narrow viewports, 400 px otherwise (docs/product.md §9). */
export function LineChart({
  series,
  ariaLabel,
  xLabel = "Period",
  yFormat = abbreviateNumber,
  emptyMessage,
  className,
}: LineChartProps) {
  const theme = useChartTheme();
  const animate = useChartAnimation();
  const height = useLineHeight();
  const xs = [...new Set(series.flatMap((item) => item.points.map((point) => point.x)))];
  const colourById = new Map(
    series.map((item, index) => [item.id, theme.resolve(item.color ?? seriesColor(index))]),
  );
  const labelById = new Map(series.map((item) => [item.id, item.label]));
  const data: NivoSeries[] = series.map((item) => ({ id: item.id, data: item.points }));
  const valueAt = (item: LineSeries, x: string) => item.points.find((point) => point.x === x)?.y ?? null;
  const narrow = height === LINE_HEIGHT_NARROW;
  const ticks = everyNth(xs, narrow ? 4 : 8);
  // The last label is centred on the plot's right edge: the margin holds its right half, or it is cut off.
  const right = Math.max(
    MIN_RIGHT_MARGIN,
    Math.ceil((String(ticks.at(-1) ?? "").length * AXIS_CHARACTER_WIDTH) / 2) + 4,
  );

  return (
    <ChartFrame
      ariaLabel={ariaLabel}
      size={{ height }}
      isEmpty={xs.length === 0}
      emptyMessage={emptyMessage}
      className={className}
      table={{
        columns: [xLabel, ...series.map((item) => item.label)],
        rows: xs.map((x) => ({
          id: x,
          cells: [
            x,
            ...series.map((item) => {
              const value = valueAt(item, x);
              return value === null ? "No data" : yFormat(value);
            }),
          ],
        })),
      }}
    >
      <ResponsiveLine<NivoSeries>
        data={data}
        role="presentation"
        theme={theme.nivo}
        animate={animate}
        margin={{ top: 16, right, bottom: 40, left: 56 }}
        xScale={{ type: "point" }}
        yScale={{ type: "linear", min: 0, max: "auto" }}
        curve="monotoneX"
        colors={(item) => colourById.get(item.id) ?? theme.tokens.primary}
        lineWidth={2}
        pointSize={narrow ? 0 : 6}
        pointBorderWidth={0}
        enableGridX={false}
        gridYValues={5}
        axisLeft={{ tickValues: 5, format: (value: number) => yFormat(value) }}
        axisBottom={{ tickValues: ticks, tickPadding: 8 }}
        enableSlices="x"
        sliceTooltip={({ slice }) => (
          <ChartTooltip
            title={String(slice.points[0]?.data.x ?? "")}
            rows={slice.points.map((point) => [
              labelById.get(point.seriesId) ?? point.seriesId,
              point.data.y === null ? "No data" : yFormat(point.data.y),
            ])}
          />
        )}
      />
    </ChartFrame>
  );
}
