// A chart's colours named, for a chart drawn elsewhere on the page; small enough to load with any screen.
export { ChartLegend, type LegendEntry } from "./shared/chart-legend";
