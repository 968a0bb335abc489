import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { planImport } from "../../brand/import-rows";
import { parseExport } from "../parse-export";
import type { AudienceSegmentRow } from "../types";

const FIXTURE = join(import.meta.dirname, "../../../../test/fixtures/ga4/audience-exploration.csv");
const fixture = () => readFileSync(FIXTURE);
const parse = (text: string | Buffer) =>
  parseExport(typeof text === "string" ? Buffer.from(text) : text, "audience.csv");

const PREAMBLE = [
  "# ----------------------------------------",
  "# Audience by interest",
  "# Account: Lumora Coffee",
  "# Property: lumoracoffee.example - GA4",
  "# ----------------------------------------",
  "#",
  "# All Users",
  "# Start date: 20260801",
  "# End date: 20261031",
  "# ----------------------------------------",
].join("\n");
const HEADER = "Age,Gender,Country,Interests,Active users";
const file = (...rows: string[]) => [PREAMBLE, HEADER, ...rows].join("\n");

describe("GA4 audience exploration export", () => {
  it("is recognised below its # lines, whose start and end dates are the export's period", () => {
    const result = parse(fixture());
    expect(result.errors).toEqual([]);
    expect(result.format).toBe("ga4-audience");
    expect(result.kind).toBe("audience-segment");
    expect(result.headerLine).toBe(11);
    expect(result.period).toEqual({ from: "2026-08-01", to: "2026-10-31" });
    expect(result.file?.delimiter).toBe(",");
    // 40 rows after the totals row, which is skipped.
    expect(result.rows).toHaveLength(40);
    expect(result.rows[0]).toEqual({
      kind: "audience-segment",
      line: 13,
      ageBand: "25-34",
      gender: "female",
      country: "US",
      countryName: "United States",
      interest: "Food & Dining/Cooking Enthusiasts",
      users: 820,
    });
  });

  it("keeps what GA4 could not place as unknown, and names countries by ISO code", () => {
    const rows = parse(
      file(
        "unknown,female,United Kingdom,Travel/Travel Buffs,10",
        "65+,(not set),(not set),(not set),7",
        "18–24,male,Germany,unknown,3",
        "55-64,female,Atlantis,Technology/Technophiles,2",
      ),
    ).rows as AudienceSegmentRow[];
    expect(rows.map((r) => [r.ageBand, r.gender, r.country, r.countryName, r.interest])).toEqual([
      ["unknown", "female", "GB", "United Kingdom", "Travel/Travel Buffs"],
      ["65+", "unknown", "unknown", null, null],
      ["18-24", "male", "DE", "Germany", null],
      ["55-64", "female", "unknown", "Atlantis", "Technology/Technophiles"],
    ]);
  });

  it("skips a totals row however GA4 labels it", () => {
    const result = parse(file("Totals,,,,900", ",,,,900", "25-34,male,France,Travel/Travel Buffs,12"));
    expect(result.rows).toHaveLength(1);
    expect(result.errors).toEqual([]);
  });

  it("reports a bad number, an unknown age bracket and gender with their line", () => {
    const result = parse(
      file(
        "25-34,male,France,Travel/Travel Buffs,lots",
        "17-20,female,France,Travel/Travel Buffs,4",
        "25-34,robot,France,Travel/Travel Buffs,4",
      ),
    );
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      { row: 12, column: "Active users", message: '"lots" is not a number' },
      {
        row: 13,
        column: "Age",
        message: '"17-20" is not a GA4 age bracket (18-24, 25-34, 35-44, 45-54, 55-64, 65+ or unknown)',
      },
      { row: 14, column: "Gender", message: '"robot" is not a GA4 gender (female, male or unknown)' },
    ]);
  });

  it("reads no more than a preamble's worth of # lines, and quickly", () => {
    const many = `${"# note\n".repeat(150_000)}${HEADER}\n25-34,male,France,Travel/Travel Buffs,12\n`;
    const started = performance.now();
    expect(() => parse(many)).toThrow(/is not an export we recognise/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("accepts Total users for the metric, and a file without the # lines (no period then)", () => {
    const result = parse(
      "Age,Gender,Country,Interests,Total users\n35-44,male,Spain,Travel/Travel Buffs,8\n",
    );
    expect(result.format).toBe("ga4-audience");
    expect(result.period).toBeNull();
    expect((result.rows[0] as AudienceSegmentRow).users).toBe(8);
  });
});

describe("GA4 audience segments planned", () => {
  const plan = () => planImport(parse(fixture()), { name: "Lumora Coffee", country: "US" });

  it("one segment per age, gender and country, weighted by users, sized by the largest interest row", () => {
    const { segments } = plan();
    expect(segments).toHaveLength(15);
    const usWomen = segments.find(
      (s) => s.ageBand === "25-34" && s.gender === "female" && s.country === "US",
    );
    // Cooking 820, coffee 640, sustainability 300 (Movie Lovers maps to nothing).
    expect(usWomen).toEqual({
      ageBand: "25-34",
      gender: "female",
      country: "US",
      interests: [
        { interest: "cooking", weight: 0.466 },
        { interest: "coffee", weight: 0.364 },
        { interest: "sustainability", weight: 0.17 },
      ],
      platformAffinity: {},
      size: 820,
    });
    // Technophiles and Mobile Enthusiasts are both tech: their users add up in the weight, not in the size.
    const germanMen = segments.find((s) => s.gender === "male" && s.country === "DE");
    expect(germanMen?.interests).toEqual([
      { interest: "tech", weight: 0.706 },
      { interest: "finance", weight: 0.294 },
    ]);
    expect(germanMen?.size).toBe(520);
    expect(segments.filter((s) => s.ageBand === "unknown" || s.country === "unknown")).toHaveLength(2);
  });

  it("says in one note which rows were left out because their interest maps to nothing", () => {
    expect(plan().notes).toEqual([
      {
        row: 16,
        message:
          "2 rows not stored: their interest is not mapped to one Brandscope knows: " +
          "Lifestyles & Hobbies/Pet Lovers, Media & Entertainment/Movie Lovers.",
      },
    ]);
  });

  it("says before the import when the file gives too few segments for personas", () => {
    const small = parse(
      file("25-34,female,Germany,Travel/Travel Buffs,12", "25-34,female,Germany,Technology/Technophiles,4"),
    );
    const { segments, notes } = planImport(small, { name: "Lumora Coffee", country: "US" });
    expect(segments).toHaveLength(1);
    expect(notes).toEqual([
      {
        row: 12,
        message:
          "Only 1 audience segment (age, gender and country groups with a known interest): personas need at " +
          "least 5. Export a longer period or more countries to get them.",
      },
    ]);
  });
});
