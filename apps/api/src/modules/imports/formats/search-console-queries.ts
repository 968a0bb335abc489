import type { ExportFormat } from "./format";

const QUERY = ["Top queries", "Query", "Search Queries", "Nejčastější dotazy"];
const CLICKS = ["Clicks", "Kliknutí"];
const IMPRESSIONS = ["Impressions", "Zobrazení"];

/**
 * Compare mode writes each metric twice, current period first: "Last 3 months Clicks", "Previous 3 months Clicks"
 * (or "Last 28 days …" against "Same period last year …"). The current period's columns are read as the plain
 * metric; the earlier period's keep their own names and are not read.
 */
const CURRENT_PERIOD = /^last \d+ (?:hours?|days?|weeks?|months?|years?) (clicks|impressions|ctr|position)$/;

/**
 * Google Search Console, Performance export Queries.csv (docs/import-formats.md §8). CTR is a percent string and
 * becomes a ratio. Czech headers are accepted as one known translated variant, "Search Queries" as the older
 * name of the query column, and compare-mode exports by their current period.
 */
export const searchConsoleQueries: ExportFormat = {
  id: "search-console-queries",
  label: "Google Search Console queries",
  kind: "search-query",
  signature: [QUERY, CLICKS, IMPRESSIONS],
  headerAlias: (key) => CURRENT_PERIOD.exec(key)?.[1] ?? null,
  map(c) {
    return {
      kind: "search-query",
      line: c.line,
      query: c.required(QUERY),
      clicks: c.int(CLICKS),
      impressions: c.int(IMPRESSIONS),
      ctr: c.number(["CTR"], "percent"),
      position: c.number(["Position", "Pozice"], "decimal"),
    };
  },
};
