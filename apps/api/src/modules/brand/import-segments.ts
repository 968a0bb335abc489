import { MIN_SEGMENTS, UNKNOWN_DEMOGRAPHIC } from "../../domain/audience";
import { interestOfAffinity } from "../../domain/ga4-interests";
import type { InterestId } from "../../domain/interests";
import type { AudienceSegmentRow, RowError } from "../imports";

/** An audience segment as stored, without the brand and import ids the repository adds. */
export interface SegmentValues {
  ageBand: string;
  gender: string;
  country: string;
  interests: { interest: InterestId; weight: number }[];
  /** Empty: a website's visitors come with no social network (docs/analytics-methods.md §3 Input). */
  platformAffinity: Record<string, never>;
  size: number;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** "3 rows" / "1 row". */
const rowsText = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

function unmappedNote(rows: AudienceSegmentRow[]): RowError[] {
  const first = rows[0];
  if (!first) return [];
  const categories = [...new Set(rows.map((r) => r.interest ?? "(not set)"))].sort();
  return [
    {
      row: first.line,
      message:
        `${rowsText(rows.length)} not stored: their interest is not mapped to one Brandscope knows: ` +
        `${categories.join(", ")}.`,
    },
  ];
}

function unplacedCountryNote(rows: AudienceSegmentRow[]): RowError[] {
  const unplaced = rows.filter((r) => r.countryName !== null && r.country === UNKNOWN_DEMOGRAPHIC);
  const first = unplaced[0];
  if (!first) return [];
  const names = [...new Set(unplaced.map((r) => r.countryName))].sort();
  return [
    {
      row: first.line,
      message: `${rowsText(unplaced.length)} kept with an unknown country: we do not know ${names.join(", ")}.`,
    },
  ];
}

/** Stored all the same, but personas will not come of it: said before the user imports it. */
function tooFewNote(segments: SegmentValues[], rows: AudienceSegmentRow[]): RowError[] {
  const first = rows[0];
  if (!first || segments.length >= MIN_SEGMENTS) return [];
  return [
    {
      row: first.line,
      message:
        `Only ${segments.length} audience ${segments.length === 1 ? "segment" : "segments"} (age, gender and ` +
        `country groups with a known interest): personas need at least ${MIN_SEGMENTS}. Export a longer period or ` +
        "more countries to get them.",
    },
  ];
}

/**
 * One segment per (age band, gender, country) of a GA4 audience export (docs/analytics-methods.md §3 Input): its
 * interests weighted by the users of each mapped interest row, its size the largest of those rows' users. GA4 counts
 * a visitor under each of their interests, so summing the rows would count people several times; the largest row
 * is a lower bound on the group's distinct users. Rows whose interest maps to nothing are left out, in one note.
 */
export function toSegments(rows: AudienceSegmentRow[]): { segments: SegmentValues[]; notes: RowError[] } {
  const groups = new Map<
    string,
    { key: AudienceSegmentRow; users: Map<InterestId, number>; largest: number }
  >();
  const unmapped: AudienceSegmentRow[] = [];
  for (const row of rows) {
    const interest = row.interest === null ? null : interestOfAffinity(row.interest);
    if (interest === null) {
      unmapped.push(row);
      continue;
    }
    const key = `${row.ageBand}|${row.gender}|${row.country}`;
    const group = groups.get(key) ?? { key: row, users: new Map(), largest: 0 };
    group.users.set(interest, (group.users.get(interest) ?? 0) + row.users);
    group.largest = Math.max(group.largest, row.users);
    groups.set(key, group);
  }
  const segments: SegmentValues[] = [];
  for (const [, group] of [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const total = [...group.users.values()].reduce((a, b) => a + b, 0);
    // A group whose visitors number 0 says nothing about who they are.
    if (total <= 0 || group.largest <= 0) continue;
    segments.push({
      ageBand: group.key.ageBand,
      gender: group.key.gender,
      country: group.key.country,
      interests: [...group.users.entries()]
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
        .map(([interest, users]) => ({ interest, weight: round3(users / total) })),
      platformAffinity: {},
      size: group.largest,
    });
  }
  return {
    segments,
    notes: [...unmappedNote(unmapped), ...unplacedCountryNote(rows), ...tooFewNote(segments, rows)],
  };
}
