export { ChartCard, type ChartCardProps, type ChartLegendItem } from "./card/chart-card";
