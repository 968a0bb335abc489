import type { ExportFormat } from "./format";

/**
 * Google Search Console, Performance export Queries.csv (docs/import-formats.md §8). CTR is a percent string and
 * becomes a ratio. Czech headers are accepted as one known translated variant.
 */
export const searchConsoleQueries: ExportFormat = {
  id: "search-console-queries",
  label: "Google Search Console queries",
  kind: "search-query",
  signature: [
    ["Top queries", "Query", "Nejčastější dotazy"],
    ["Clicks", "Kliknutí"],
    ["Impressions", "Zobrazení"],
  ],
  map(c) {
    return {
      kind: "search-query",
      line: c.line,
      query: c.required(["Top queries", "Query", "Nejčastější dotazy"]),
      clicks: c.int(["Clicks", "Kliknutí"]),
      impressions: c.int(["Impressions", "Zobrazení"]),
      ctr: c.number(["CTR"], "percent"),
      position: c.number(["Position", "Pozice"], "decimal"),
    };
  },
};
