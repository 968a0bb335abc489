export { BubbleChart, type BubbleChartProps, type BubbleDatum } from "./bubble/bubble-chart";
export { type BubblePresetProps, EngagementBubbleChart, KeywordBubbleChart } from "./bubble/bubble-presets";
