import { headerKey } from "../cells";
import type { ExportPeriod } from "../types";
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

const STATED = /^last (\d+) (hours?|days?|weeks?|months?|years?) (?:clicks|impressions|ctr|position)$/;

const dayBefore = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

const monthsBefore = (day: string, months: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
};

/**
 * The days a Queries.csv covers. The file lists none: a compare-mode header names its current period ("Last 28
 * days", "Last 3 months"); a plain export is taken as Search Console's default range, the last 3 months
 * (support.google.com/webmasters/answer/7576553). Either ends the day before the export day, the newest day the
 * report's presets include; null without an export day.
 */
export function searchConsolePeriod(
  header: readonly string[],
  exportDay: string | undefined,
): ExportPeriod | null {
  if (!exportDay || !/^\d{4}-\d{2}-\d{2}$/.test(exportDay)) return null;
  const to = dayBefore(exportDay, 1);
  for (const cell of header) {
    const m = STATED.exec(headerKey(cell));
    if (!m) continue;
    const n = Number(m[1]);
    const unit = m[2]?.replace(/s$/, "");
    const from =
      unit === "hour"
        ? to
        : unit === "day"
          ? dayBefore(to, n - 1)
          : unit === "week"
            ? dayBefore(to, 7 * n - 1)
            : monthsBefore(exportDay, unit === "year" ? 12 * n : n);
    const stated = cell.trim().replace(/\s+(clicks|impressions|ctr|position)$/i, "");
    return { from, to, inferred: `the file's "${stated}", ending the day before it was exported` };
  }
  return {
    from: monthsBefore(exportDay, 3),
    to,
    inferred:
      "Search Console's default range, the last 3 months ending the day before it was exported (the file does not say its dates)",
  };
}

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
  periodOf: (header, options) => searchConsolePeriod(header, options.referenceDate),
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
