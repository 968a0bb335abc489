import type { ParsedExport, RowError, TrafficRow } from "../imports";

/** A month of the brand's own website visits from one country, as stored in traffic_months. */
export interface TrafficValues {
  /** First day of the month. */
  month: string;
  /** ISO alpha-2, or "unknown". */
  country: string;
  /** Sessions; null when the export has no Sessions column. */
  visits: number | null;
  engagedSessions: number | null;
  engagementSeconds: number | null;
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}T00:00:00Z`),
  );

const daysInMonth = (month: string) => {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
};

/** Adds two measures of which either may be unknown: the sum is unknown only when both are. */
const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** The days of `month` that [from, to] covers. */
function coveredDays(month: string, from: string, to: string): number {
  const first = month;
  const last = `${month.slice(0, 8)}${String(daysInMonth(month)).padStart(2, "0")}`;
  const start = from > first ? from : first;
  const end = to < last ? to : last;
  if (start > end) return 0;
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
}

/**
 * A GA4 traffic export's rows as months of visits by country (docs/import-formats.md §11). A row by day goes to
 * its day's month; a report without the Date dimension is one total for its period, which must then lie within
 * one calendar month (a total over several months cannot be split). Rows of the same month and country (GA4's
 * "(not set)" and "(other)" are both the unknown country) add up. Notes say what was stored and what was not.
 */
export function toTraffic(
  rows: TrafficRow[],
  period: ParsedExport["period"],
): { traffic: TrafficValues[]; notes: RowError[] } {
  const first = rows[0];
  if (!first) return { traffic: [], notes: [] };
  const notes: RowError[] = [];
  const undated = rows.some((r) => r.day === null);
  let periodMonth: string | null = null;
  if (undated) {
    const reason = !period
      ? "the file has no # Start date and # End date lines, and its rows no Date, so their month is not known"
      : monthOf(period.from) !== monthOf(period.to)
        ? `its rows are totals for ${period.from} to ${period.to}, more than one calendar month, which cannot be ` +
          "split into months: export one month at a time, or add the Date dimension to the report"
        : null;
    if (reason) {
      notes.push({
        row: first.line,
        message: `${rows.length} rows of GA4 traffic read but not stored: ${reason}.`,
      });
      return { traffic: [], notes };
    }
    periodMonth = period ? monthOf(period.from) : null;
  }

  const byKey = new Map<string, TrafficValues>();
  for (const r of rows) {
    const month = r.day ? monthOf(r.day) : (periodMonth as string);
    const key = `${month} ${r.country}`;
    const had = byKey.get(key);
    byKey.set(key, {
      month,
      country: r.country,
      visits: plus(had?.visits ?? null, r.sessions),
      engagedSessions: plus(had?.engagedSessions ?? null, r.engagedSessions),
      engagementSeconds: plus(had?.engagementSeconds ?? null, r.engagementSeconds),
    });
  }
  const traffic = [...byKey.values()].sort((a, b) =>
    a.month === b.month ? (a.country < b.country ? -1 : 1) : a.month < b.month ? -1 : 1,
  );
  const months = [...new Set(traffic.map((t) => t.month))];
  notes.push({
    row: first.line,
    message:
      `${rows.length} ${rows.length === 1 ? "row" : "rows"} of GA4 traffic stored as your website's visits by ` +
      `country for ${months.map(monthLabel).join(", ")}. They replace earlier traffic of ${months.length === 1 ? "that month" : "those months"}.`,
  });

  if (rows.every((r) => r.sessions === null)) {
    notes.push({
      row: first.line,
      message:
        "The file has no Sessions column, so overall traffic and visit duration are not available from it, and " +
        "the traffic map shows each country's share of engaged sessions. Add the Sessions metric to the report " +
        "(Customize report) before exporting to fill them.",
    });
  }

  const unmapped = [
    ...new Set(rows.filter((r) => r.country === "unknown" && r.countryName).map((r) => r.countryName)),
  ];
  const firstUnmapped = rows.find((r) => r.country === "unknown" && r.countryName);
  if (firstUnmapped) {
    notes.push({
      row: firstUnmapped.line,
      message:
        `${unmapped.length} GA4 ${unmapped.length === 1 ? "country name is" : "country names are"} not mapped to ` +
        `a country, so their visits count toward the totals but not the map: ${unmapped.join(", ")}.`,
    });
  }

  const days = period ?? spanOf(rows);
  if (days) {
    for (const month of months) {
      const covered = coveredDays(month, days.from, days.to);
      const all = daysInMonth(month);
      if (covered < all) {
        notes.push({
          row: first.line,
          message:
            `The file covers ${covered} of ${monthLabel(month)}'s ${all} days: that month's figures are of those ` +
            "days only. Export whole months to compare months.",
        });
      }
    }
  }
  return { traffic, notes };
}

function spanOf(rows: TrafficRow[]): { from: string; to: string } | null {
  const days = rows.flatMap((r) => (r.day ? [r.day] : [])).sort();
  const from = days[0];
  const to = days[days.length - 1];
  return from && to ? { from, to } : null;
}
