import { abbreviateNumber, formatPercent } from "@brandscope/ui/format";
import { ResponsiveScatterPlot, type ScatterPlotRawSerie } from "@nivo/scatterplot";
import { ChartFrame } from "../shared/chart-frame";
import { ChartTooltip } from "../shared/chart-tooltip";
import { useChartAnimation } from "../shared/use-chart-animation";
import { withAlpha } from "../theme/color";
import { seriesColor } from "../theme/series-colors";
import { useChartTheme } from "../theme/use-chart-theme";
import { BubbleLabels } from "./bubble-labels";
import { largestBubbles } from "./label-placement";
import { type SteppedAxis, stepTicks } from "./step-ticks";

export interface BubbleDatum {
  id: string;
  label: string;
  x: number;
  y: number;
  /** A fraction (0–1): sets the bubble's size and is shown as a percentage. */
  radius: number;
  /**
   * Shown in place of formatY(y) in the tooltip and the data table, when y only stands for something wider
   * (a range drawn at a point inside it).
   */
  yText?: string;
  /** Any CSS colour; defaults to the theme's series colours in order. */
  color?: string;
}

export interface BubbleChartProps {
  data: readonly BubbleDatum[];
  ariaLabel: string;
  xLabel: string;
  yLabel: string;
  /** What the radius measures, e.g. "Engagement rate". */
  radiusLabel: string;
  /** Ticks on multiples of this step; without it, the axis picks round ticks itself. */
  xTickStep?: number;
  yTickStep?: number;
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
  height?: number;
  emptyMessage?: string;
  /**
   * How many bubbles, the largest first, are named beside them (labels that would collide are left out).
   * Every bubble keeps its name in the tooltip and in the chart's data table.
   */
  labelCount?: number;
  className?: string;
}

interface Point extends BubbleDatum {
  fill: string;
  labelled: boolean;
}

const DEFAULT_LABEL_COUNT = 5;

const MIN_DIAMETER = 10;
const MAX_DIAMETER = 56;

function axisFor(values: readonly number[], step: number | undefined): SteppedAxis | undefined {
  return step === undefined ? undefined : stepTicks(values, step);
}

/**
 * A bubble's figures as its tooltip and the chart's table show them: y as its `yText` when it has one (a range
 * drawn at a point), else formatted.
 */
export function bubbleFigures(
  datum: BubbleDatum,
  f: { formatX: (value: number) => string; formatY: (value: number) => string },
): [x: string, y: string, radius: string] {
  return [
    f.formatX(datum.x),
    datum.yText ?? f.formatY(datum.y),
    formatPercent(datum.radius, { decimals: 1 }),
  ];
}

/** Points on two measures, sized by a third (a fraction shown as a percentage). */
export function BubbleChart({
  data,
  ariaLabel,
  xLabel,
  yLabel,
  radiusLabel,
  xTickStep,
  yTickStep,
  formatX = abbreviateNumber,
  formatY = abbreviateNumber,
  height = 360,
  emptyMessage,
  labelCount = DEFAULT_LABEL_COUNT,
  className,
}: BubbleChartProps) {
  const theme = useChartTheme();
  const animate = useChartAnimation();
  const largestRadius = Math.max(0, ...data.map((datum) => datum.radius));
  const labelled = largestBubbles(data, labelCount);
  // One series per bubble, so each can carry its own colour.
  const series: ScatterPlotRawSerie<Point>[] = data.map((datum, index) => ({
    id: datum.id,
    data: [
      { ...datum, fill: theme.resolve(datum.color ?? seriesColor(index)), labelled: labelled.has(datum.id) },
    ],
  }));
  const xAxis = axisFor(
    data.map((datum) => datum.x),
    xTickStep,
  );
  const yAxis = axisFor(
    data.map((datum) => datum.y),
    yTickStep,
  );
  const diameter = (radius: number) =>
    largestRadius > 0
      ? MIN_DIAMETER + (Math.max(0, radius) / largestRadius) * (MAX_DIAMETER - MIN_DIAMETER)
      : MIN_DIAMETER;

  return (
    <ChartFrame
      ariaLabel={ariaLabel}
      size={{ height }}
      isEmpty={data.length === 0}
      emptyMessage={emptyMessage}
      className={className}
      footer={
        data.length > labelled.size ? (
          <p className="text-muted-foreground mt-1 text-xs">
            {labelled.size === 0
              ? "Point at a bubble"
              : `Names on the ${labelled.size} largest bubbles; point at any other`}{" "}
            to see its name and figures.
          </p>
        ) : null
      }
      table={{
        columns: ["Item", xLabel, yLabel, radiusLabel],
        rows: data.map((datum) => ({
          id: datum.id,
          cells: [datum.label, ...bubbleFigures(datum, { formatX, formatY })],
        })),
      }}
    >
      <ResponsiveScatterPlot<Point>
        data={series}
        role="presentation"
        theme={theme.nivo}
        animate={animate}
        margin={{ top: 24, right: 32, bottom: 56, left: 64 }}
        xScale={
          xAxis ? { type: "linear", min: xAxis.min, max: xAxis.max } : { type: "linear", min: 0, max: "auto" }
        }
        yScale={
          yAxis ? { type: "linear", min: yAxis.min, max: yAxis.max } : { type: "linear", min: 0, max: "auto" }
        }
        gridXValues={xAxis?.ticks ?? 5}
        gridYValues={yAxis?.ticks ?? 5}
        axisBottom={{
          tickValues: xAxis?.ticks ?? 5,
          format: (value: number) => formatX(value),
          legend: xLabel,
          legendPosition: "middle",
          legendOffset: 42,
        }}
        axisLeft={{
          tickValues: yAxis?.ticks ?? 5,
          format: (value: number) => formatY(value),
          legend: yLabel,
          legendPosition: "middle",
          legendOffset: -52,
        }}
        // Translucent, so overlapping bubbles stay readable.
        colors={(serie) =>
          withAlpha(series.find((item) => item.id === serie.serieId)?.data[0]?.fill ?? "", 0.75)
        }
        nodeSize={(node) => diameter(node.data.radius)}
        // Hover on the bubble itself: the tooltip belongs to the bubble under the pointer, not the nearest one.
        useMesh={false}
        layers={["grid", "axes", "nodes", BubbleLabels]}
        tooltip={({ node }) => {
          const [x, y, radius] = bubbleFigures(node.data, { formatX, formatY });
          return (
            <ChartTooltip
              title={node.data.label}
              color={node.data.fill}
              rows={[
                [xLabel, x],
                [yLabel, y],
                [radiusLabel, radius],
              ]}
            />
          );
        }}
      />
    </ChartFrame>
  );
}
