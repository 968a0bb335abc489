import type { ScatterPlotDatum, ScatterPlotLayerProps } from "@nivo/scatterplot";
import { useChartTheme } from "../theme/use-chart-theme";
import { placeLabels } from "./label-placement";

/** Names the bubbles marked `labelled` (the largest few) beside them, without letting two labels collide. */
export function BubbleLabels<
  Datum extends ScatterPlotDatum & { label: string; radius: number; labelled: boolean },
>({ nodes, innerWidth }: ScatterPlotLayerProps<Datum>) {
  const { tokens, nivo } = useChartTheme();
  const labelled = nodes.filter((node) => node.data.labelled);
  const labelOf = new Map(labelled.map((node) => [node.id, node.data.label]));
  const placements = placeLabels(
    labelled.map((node) => ({
      id: node.id,
      x: node.x,
      y: node.y,
      size: node.size,
      label: node.data.label,
      radius: node.data.radius,
    })),
    innerWidth,
  );
  return (
    <g aria-hidden>
      {placements.map((placement) => (
        <text
          key={placement.id}
          x={placement.x}
          y={placement.y}
          textAnchor={placement.anchor}
          dominantBaseline="middle"
          fontSize={11}
          fontFamily={nivo.text?.fontFamily}
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
