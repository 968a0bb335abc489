export {
  DoughnutChart,
  type DoughnutChartProps,
  type DoughnutDatum,
  doughnutLegend,
} from "./doughnut/doughnut-chart";
