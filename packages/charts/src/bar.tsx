export {
  type BarMetric,
  PlatformBarChart,
  type PlatformBarChartProps,
  type PlatformBarDatum,
  platformBarLegend,
} from "./bar/platform-bar-chart";
