import { ga4Country } from "../../../domain/ga4-countries";
import type { Cells } from "../cells";
import type { DateResult } from "../dates";
import type { TrafficRow } from "../types";
import type { ExportFormat } from "./format";

const COUNTRY = ["Country"];
const DATE = ["Date"];
const SESSIONS = ["Sessions"];
const ENGAGED = ["Engaged sessions"];
const USERS = ["Active users"];
const PER_SESSION = ["Average engagement time per session"];
const PER_USER = ["Average engagement time per active user", "Average engagement time"];

/** The first cell of the row GA4 adds with the table's totals, when it writes one. */
const TOTAL_LABELS = new Set(["total", "totals", "grand total"]);

/** GA4's Date dimension, YYYYMMDD. */
function ga4Day(raw: string): DateResult {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw.trim());
  const day = m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  const valid = day !== null && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
  return valid ? { ok: true, value: day } : { ok: false, message: `"${raw}" is not a GA4 date (YYYYMMDD)` };
}

function count(c: Cells, names: readonly string[]): number | null {
  const value = c.int(names);
  if (value !== null && value < 0) c.error(names, `${value} is not a count`);
  return value;
}

/**
 * The engagement seconds of the row in all: GA4 gives only averages, per session (Traffic acquisition) or per
 * active user (Demographic details), and the average times its own denominator adds up across countries and days.
 */
function engagementSeconds(c: Cells, sessions: number | null, users: number | null): number | null {
  const perSession = c.number(PER_SESSION, "decimal");
  if (perSession !== null && sessions !== null) return perSession * sessions;
  const perUser = c.number(PER_USER, "decimal");
  if (perUser !== null && users !== null) return perUser * users;
  return null;
}

/**
 * Google Analytics 4, a report by Country (Reports > User > Demographic details with Country, optionally with the
 * Date dimension added) downloaded as CSV: the brand's own website visits by country (docs/import-formats.md §11).
 * The `#` preamble gives the period; countries are GA4's CLDR names (domain/ga4-countries.ts).
 */
export const ga4Traffic: ExportFormat = {
  id: "ga4-traffic",
  label: "Google Analytics 4 traffic",
  kind: "traffic",
  signature: [COUNTRY, [...ENGAGED, ...SESSIONS]],
  map(c): TrafficRow | null {
    const name = c.text(COUNTRY);
    if (name === null || TOTAL_LABELS.has(name.toLowerCase())) return null;
    const place = ga4Country(name);
    const sessions = count(c, SESSIONS);
    const activeUsers = count(c, USERS);
    return {
      kind: "traffic",
      line: c.line,
      country: "code" in place ? place.code : "unknown",
      countryName: "notPlaced" in place ? null : name,
      day: c.has(DATE) ? c.date(DATE, ga4Day) : null,
      sessions,
      engagedSessions: count(c, ENGAGED),
      activeUsers,
      engagementSeconds: engagementSeconds(c, sessions, activeUsers),
    };
  },
};
