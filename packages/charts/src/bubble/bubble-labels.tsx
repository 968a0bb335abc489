import type { ScatterPlotDatum, ScatterPlotLayerProps } from "@nivo/scatterplot";
import { useChartTheme } from "../theme/use-chart-theme";

// Rough width of a character at 11 px, enough to tell whether a label would run off the plot.
const CHARACTER_WIDTH = 6.2;

/** Names each bubble beside it (on its left when the right would run out of room). */
export function BubbleLabels<Datum extends ScatterPlotDatum & { label: string }>({
  nodes,
  innerWidth,
}: ScatterPlotLayerProps<Datum>) {
  const { tokens, nivo } = useChartTheme();
  return (
    <g aria-hidden>
      {nodes.map((node) => {
        const gap = node.size / 2 + 4;
        const fitsRight = node.x + gap + node.data.label.length * CHARACTER_WIDTH <= innerWidth;
        return (
          <text
            key={node.id}
            x={fitsRight ? node.x + gap : node.x - gap}
            y={node.y}
            textAnchor={fitsRight ? "start" : "end"}
            dominantBaseline="middle"
            fontSize={11}
            fontFamily={nivo.text?.fontFamily}
            fill={tokens.foreground}
            stroke={tokens.card}
            strokeWidth={3}
            paintOrder="stroke"
            pointerEvents="none"
          >
            {node.data.label}
          </text>
        );
      })}
    </g>
  );
}
