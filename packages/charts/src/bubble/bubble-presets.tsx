import { BubbleChart, type BubbleChartProps } from "./bubble-chart";

export type BubblePresetProps = Omit<BubbleChartProps, "xTickStep" | "yTickStep">;

/** Keywords (e.g. cost per click against volume): x-axis ticks every 5 (docs/product.md §9). */
export function KeywordBubbleChart(props: BubblePresetProps) {
  return <BubbleChart {...props} xTickStep={5} />;
}

/** Audience against engagement: y-axis ticks every 50 (docs/product.md §9). */
export function EngagementBubbleChart(props: BubblePresetProps) {
  return <BubbleChart {...props} yTickStep={50} />;
}
