import type { ScatterPlotDatum, ScatterPlotLayerProps } from "@nivo/scatterplot";
import { useMemo } from "react";
import { useChartTheme } from "../theme/use-chart-theme";
import { estimateLabelWidth, placeLabels } from "./label-placement";

const FONT_SIZE = 11;

/** The label's width as the browser draws it (a canvas measures text without touching the page). */
function labelMeasurer(fontFamily: string | undefined): (label: string) => number {
  const context = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!context) return estimateLabelWidth;
  // The chart's text inherits the page's font: measure with the font it inherits.
  const family =
    !fontFamily || fontFamily === "inherit" ? getComputedStyle(document.body).fontFamily : fontFamily;
  context.font = `${FONT_SIZE}px ${family}`;
  return (label) => context.measureText(label).width;
}

/**
 * Names the bubbles marked `labelled` (the largest few), each beside its bubble or, when the crowd leaves no room
 * there, a little further out with a leader line; no two names collide.
 */
export function BubbleLabels<
  Datum extends ScatterPlotDatum & { label: string; radius: number; labelled: boolean },
>({ nodes, innerWidth, innerHeight }: ScatterPlotLayerProps<Datum>) {
  const { tokens, nivo } = useChartTheme();
  const fontFamily = nivo.text?.fontFamily;
  const measure = useMemo(() => labelMeasurer(fontFamily), [fontFamily]);
  const labelled = nodes.filter((node) => node.data.labelled);
  const labelOf = new Map(labelled.map((node) => [node.id, node.data.label]));
  const placements = placeLabels(
    labelled.map((node) => ({
      id: node.id,
      x: node.x,
      y: node.y,
      size: node.size,
      label: node.data.label,
      width: measure(node.data.label),
      radius: node.data.radius,
    })),
    { width: innerWidth, height: innerHeight },
    nodes.map((node) => ({ id: node.id, x: node.x, y: node.y, size: node.size })),
  );
  return (
    <g aria-hidden data-slot="bubble-labels">
      {placements.map(({ id, leader }) =>
        leader ? (
          <line
            key={`${id}-leader`}
            {...leader}
            stroke={tokens.foreground}
            strokeOpacity={0.6}
            strokeWidth={1}
            pointerEvents="none"
          />
        ) : null,
      )}
      {placements.map((placement) => (
        <text
          key={placement.id}
          x={placement.x}
          y={placement.y}
          textAnchor={placement.anchor}
          dominantBaseline="middle"
          fontSize={FONT_SIZE}
          fontFamily={fontFamily}
          fill={tokens.foreground}
          stroke={tokens.card}
          strokeWidth={3}
          paintOrder="stroke"
          pointerEvents="none"
        >
          {labelOf.get(placement.id)}
        </text>
      ))}
    </g>
  );
}
