import isoCountries from "i18n-iso-countries";
import { AGE_BANDS, UNKNOWN_DEMOGRAPHIC } from "../../../domain/audience";
import type { Cells } from "../cells";
import type { AudienceSegmentRow } from "../types";
import type { ExportFormat } from "./format";

const AGE = ["Age"];
const GENDER = ["Gender"];
const COUNTRY = ["Country"];
const INTERESTS = ["Interests"];
const USERS = ["Active users", "Total users", "Users"];

/** How GA4 writes a value it could not place, in any of the dimensions. */
const NOT_PLACED = new Set(["unknown", "(not set)", "(other)"]);
/** The first dimension's cell of the row GA4 adds with the table's totals, when it writes one. */
const TOTAL_LABELS = new Set(["total", "totals", "grand total"]);
const BANDS: ReadonlySet<string> = new Set(AGE_BANDS);

const notPlaced = (value: string | null) => value === null || NOT_PLACED.has(value.toLowerCase());

function ageBand(c: Cells): string {
  const raw = c.text(AGE);
  if (notPlaced(raw)) return UNKNOWN_DEMOGRAPHIC;
  const band = (raw ?? "").replace(/\s*[–—]\s*/, "-").replace(/\s+/g, "");
  if (BANDS.has(band)) return band;
  c.error(AGE, `"${raw}" is not a GA4 age bracket (18-24, 25-34, 35-44, 45-54, 55-64, 65+ or unknown)`);
  return UNKNOWN_DEMOGRAPHIC;
}

function gender(c: Cells): AudienceSegmentRow["gender"] {
  const raw = c.text(GENDER);
  if (notPlaced(raw)) return "unknown";
  const value = (raw ?? "").toLowerCase();
  if (value === "female" || value === "male") return value;
  c.error(GENDER, `"${raw}" is not a GA4 gender (female, male or unknown)`);
  return "unknown";
}

/**
 * Google Analytics 4, a free-form exploration by Age, Gender, Country and Interests with a users metric, exported
 * as CSV (docs/import-formats.md §9). The `#` lines above the header are skipped by the sniffer, which keeps the
 * Start and End dates as the export's period; a totals row is skipped. Country names become ISO codes, and values
 * GA4 could not place stay "unknown".
 */
export const ga4Audience: ExportFormat = {
  id: "ga4-audience",
  label: "Google Analytics 4 audience",
  kind: "audience-segment",
  signature: [AGE, GENDER, COUNTRY, INTERESTS, USERS],
  map(c) {
    const dimensions = [AGE, GENDER, COUNTRY, INTERESTS].map((names) => c.text(names));
    const first = dimensions[0]?.toLowerCase();
    if (dimensions.every((value) => value === null) || (first && TOTAL_LABELS.has(first))) return null;

    const users = c.int(USERS);
    // A cell that is not a number has its error already.
    if (users === null && c.text(USERS) === null) c.error(USERS, "missing the number of users");
    else if (users !== null && users < 0) c.error(USERS, `${users} users is not a count`);
    const countryName = c.text(COUNTRY);
    const interest = c.text(INTERESTS);
    return {
      kind: "audience-segment",
      line: c.line,
      ageBand: ageBand(c),
      gender: gender(c),
      country: notPlaced(countryName)
        ? UNKNOWN_DEMOGRAPHIC
        : (isoCountries.getAlpha2Code(countryName ?? "", "en") ?? UNKNOWN_DEMOGRAPHIC),
      countryName: notPlaced(countryName) ? null : countryName,
      interest: notPlaced(interest) ? null : interest,
      users: users ?? 0,
    };
  },
};
