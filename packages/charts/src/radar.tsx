export { RadarChart, type RadarChartProps, type RadarSeries, radarLegend } from "./radar/radar-chart";
