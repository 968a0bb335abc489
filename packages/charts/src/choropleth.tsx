// Its own entry, so the world map (~50 KB gzip) loads only with the chart that draws it.
export {
  ChoroplethChart,
  type ChoroplethChartProps,
  type TrafficByCountryDatum,
} from "./choropleth/choropleth-chart";
