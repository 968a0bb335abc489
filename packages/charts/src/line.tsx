export {
  LineChart,
  type LineChartProps,
  type LinePoint,
  type LineSeries,
  lineLegend,
} from "./line/line-chart";
