import { abbreviateNumber } from "@brandscope/ui/format";
import { type PointerEvent, useState } from "react";
import type { ChartLegendItem } from "../card/chart-card";
import { wholePercents } from "../format";
import { ChartFrame } from "../shared/chart-frame";
import { ChartTooltip } from "../shared/chart-tooltip";
import { readableTextOn } from "../theme/color";
import { seriesColor } from "../theme/series-colors";
import { useChartTheme } from "../theme/use-chart-theme";
import { type RingSlice, ringLabelPoint, ringSlicePath, ringSlices } from "./ring-geometry";

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

interface Slice extends RingSlice {
  id: string;
  label: string;
  value: number;
  percent: number;
  color: string;
}

/** Room around the ring, and how far the hovered slice grows out of it. */
const MARGIN = 8;
const HOVER_GROWTH = 4;
/** The cutout: the hole's radius as a share of the ring's (docs/product.md §9). */
const CUTOUT = 0.6;
/** The gap between neighbouring slices, split over their two sides. */
const PAD = (0.8 * Math.PI) / 180 / 2;
/** A slice narrower than this has no room for its label; the tooltip and the table still give it. */
const LABEL_MIN_ANGLE = (14 * Math.PI) / 180;

/** The colours the doughnut draws with, for a ChartCard legend. */
export function doughnutLegend(data: readonly DoughnutDatum[]): ChartLegendItem[] {
  return data.map((datum, index) => ({ label: datum.label, color: datum.color ?? seriesColor(index) }));
}

/**
 * Shares of a whole as a ring (cutout 60%), each slice labelled with its whole percent (docs/product.md §9).
 * Plain SVG rather than a chart library: it is the first chart /content draws, so its code is on the way to it
 * (issue 17's budget).
 */
export function DoughnutChart({
  data,
  ariaLabel,
  height = 280,
  valueFormat = abbreviateNumber,
  emptyMessage,
  className,
}: DoughnutChartProps) {
  const theme = useChartTheme();
  const [hover, setHover] = useState<{ id: string; x: number; y: number }>();
  const percents = wholePercents(data.map((datum) => datum.value));
  const angles = ringSlices(data.map((datum) => datum.value));
  const slices: Slice[] = data.map((datum, index) => ({
    id: datum.id,
    label: datum.label,
    value: Math.max(0, datum.value),
    percent: percents[index] ?? 0,
    color: theme.resolve(datum.color ?? seriesColor(index)),
    startAngle: angles[index]?.startAngle ?? 0,
    endAngle: angles[index]?.endAngle ?? 0,
  }));
  const isEmpty = slices.every((slice) => slice.value === 0);
  const drawn = slices.filter((slice) => slice.value > 0);
  const outer = height / 2 - MARGIN;
  const inner = outer * CUTOUT;
  // One slice is the whole ring: no neighbours to stand apart from.
  const pad = drawn.length > 1 ? PAD : 0;
  const hovered = drawn.find((slice) => slice.id === hover?.id);
  const label = theme.nivo.labels?.text;

  const follow = (id: string) => (event: PointerEvent<SVGPathElement>) => {
    const box = event.currentTarget.ownerSVGElement?.parentElement?.getBoundingClientRect();
    if (box) setHover({ id, x: event.clientX - box.left, y: event.clientY - box.top });
  };

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
      <div className="relative h-full w-full">
        <svg
          role="presentation"
          viewBox={`${-height / 2} ${-height / 2} ${height} ${height}`}
          width="100%"
          height="100%"
          onPointerLeave={() => setHover(undefined)}
        >
          {drawn.map((slice) => (
            <path
              key={slice.id}
              d={ringSlicePath(slice, inner, slice === hovered ? outer + HOVER_GROWTH : outer, pad)}
              fill={slice.color}
              onPointerEnter={follow(slice.id)}
              onPointerMove={follow(slice.id)}
            />
          ))}
          {drawn
            .filter((slice) => slice.endAngle - slice.startAngle >= LABEL_MIN_ANGLE)
            .map((slice) => {
              const at = ringLabelPoint(slice, inner, outer);
              return (
                <text
                  key={slice.id}
                  x={at.x}
                  y={at.y}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fill={readableTextOn(slice.color)}
                  fontSize={label?.fontSize}
                  fontWeight={label?.fontWeight}
                  pointerEvents="none"
                >
                  {slice.percent}%
                </text>
              );
            })}
        </svg>
        {hovered && hover ? (
          <div
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-[calc(100%+12px)]"
            style={{ left: hover.x, top: hover.y }}
          >
            <ChartTooltip
              title={hovered.label}
              color={hovered.color}
              rows={[
                ["Value", valueFormat(hovered.value)],
                ["Share", `${hovered.percent}%`],
              ]}
            />
          </div>
        ) : null}
      </div>
    </ChartFrame>
  );
}
