import { describe, expect, it } from "vitest";
import { ga4Country } from "../../../domain/ga4-countries";
import { planImport } from "../../brand/import-rows";
import { parseExport } from "../parse-export";
import type { TrafficRow } from "../types";

const PREAMBLE = [
  "# ----------------------------------------",
  "# Demographic details: Country",
  "# Account: Lumora",
  "# Property: Lumora Web",
  "# ----------------------------------------",
  "# ",
  "# All Users",
  "# Start date: 20260801",
  "# End date: 20260831",
];
const file = (...lines: string[]) => new TextEncoder().encode([...PREAMBLE, ...lines].join("\n"));
const BRAND = { name: "Lumora", country: "US" };

describe("GA4 country names", () => {
  it.each([
    ["Bosnia & Herzegovina", "BA"],
    ["Côte d’Ivoire", "CI"],
    ["Côte d'Ivoire", "CI"],
    ["Laos", "LA"],
    ["Türkiye", "TR"],
    ["Myanmar (Burma)", "MM"],
    ["Congo - Kinshasa", "CD"],
    ["Congo - Brazzaville", "CG"],
    ["Trinidad & Tobago", "TT"],
    ["São Tomé & Príncipe", "ST"],
    ["St. Kitts & Nevis", "KN"],
    ["St. Vincent & Grenadines", "VC"],
    ["Czechia", "CZ"],
    ["Syria", "SY"],
    ["United States", "US"],
  ])("places %s as %s", (name, code) => {
    expect(ga4Country(name)).toEqual({ code });
  });

  it("keeps (not set) and (other) as not placed, and names a country it cannot place", () => {
    expect(ga4Country("(not set)")).toEqual({ notPlaced: true });
    expect(ga4Country("(other)")).toEqual({ notPlaced: true });
    expect(ga4Country("Atlantis")).toEqual({ unknownName: "Atlantis" });
  });
});

describe("GA4 traffic export", () => {
  it("is recognised by Country and Engaged sessions, not taken for an audience export", () => {
    const parsed = parseExport(
      file(
        "Country,Active users,Engaged sessions,Average engagement time per active user",
        "Germany,3,4,100",
      ),
      "Demographic_details_Country.csv",
    );
    expect(parsed.format).toBe("ga4-traffic");
    expect(parsed.period).toEqual({ from: "2026-08-01", to: "2026-08-31" });
    expect(parsed.rows).toEqual([
      {
        kind: "traffic",
        line: 11,
        country: "DE",
        countryName: "Germany",
        day: null,
        sessions: null,
        engagedSessions: 4,
        activeUsers: 3,
        engagementSeconds: 300,
      } satisfies TrafficRow,
    ]);
  });

  it("adds up a month's rows of one country, keeps unplaced visits as unknown, and names unmapped countries", () => {
    const parsed = parseExport(
      file(
        "Country,Date,Sessions,Engaged sessions,Average engagement time per session",
        "United States,20260801,100,80,30",
        "United States,20260802,50,40,60",
        "(not set),20260801,10,5,10",
        "Atlantis,20260802,7,7,7",
      ),
      "export.csv",
    );
    expect(parsed.errors).toEqual([]);
    const plan = planImport(parsed, BRAND);
    expect(plan.traffic).toEqual([
      { month: "2026-08-01", country: "US", visits: 150, engagedSessions: 120, engagementSeconds: 6000 },
      { month: "2026-08-01", country: "unknown", visits: 17, engagedSessions: 12, engagementSeconds: 149 },
    ]);
    expect(plan.notes.map((n) => n.message)).toEqual([
      "4 rows of GA4 traffic stored as your website's visits by country for August 2026. They replace earlier " +
        "traffic of that month.",
      "1 GA4 country name is not mapped to a country, so their visits count toward the totals but not the map: " +
        "Atlantis.",
    ]);
  });

  it("says when the file covers only part of a month", () => {
    const bytes = new TextEncoder().encode(
      new TextDecoder()
        .decode(file("Country,Date,Engaged sessions", "Germany,20260819,4", "Germany,20260820,5"))
        .replace("# Start date: 20260801", "# Start date: 20260819")
        .replace("# End date: 20260831", "# End date: 20260820"),
    );
    const plan = planImport(parseExport(bytes, "export.csv"), BRAND);
    expect(plan.traffic).toHaveLength(1);
    expect(plan.notes.map((n) => n.message)).toContain(
      "The file covers 2 of August 2026's 31 days: that month's figures are of those days only. Export whole " +
        "months to compare months.",
    );
  });

  it("refuses a bad date or a negative count with its line", () => {
    const parsed = parseExport(
      file("Country,Date,Sessions,Engaged sessions", "Germany,2026-08-01,4,3", "France,20260801,-2,1"),
      "export.csv",
    );
    expect(parsed.errors.map((e) => [e.row, e.column])).toEqual([
      [11, "Date"],
      [12, "Sessions"],
    ]);
  });
});
