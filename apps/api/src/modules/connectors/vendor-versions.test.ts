import { describe, expect, it } from "vitest";
import { VENDOR_VERSIONS, versionsNearSunset } from "./vendor-versions";

// Dates are given, never today's: a sunset coming closer must not turn a test red by itself (issue 29).
const versions = [
  { vendor: "A", version: "v1", sunset: "2027-03-01", source: "https://a.example/sunset" },
  { vendor: "B", version: "v2", sunset: "2027-01-21", source: "https://b.example/versions" },
];

describe("the platforms' API versions near their sunset", () => {
  it("lists those within 90 days or past, soonest first, with the days left", () => {
    expect(versionsNearSunset(new Date("2026-10-01T12:00:00Z"), versions)).toEqual([]);
    expect(versionsNearSunset(new Date("2026-12-06T12:00:00Z"), versions)).toEqual([
      { ...versions[1], daysLeft: 46 },
      { ...versions[0], daysLeft: 85 },
    ]);
    expect(versionsNearSunset(new Date("2027-02-01T00:00:00Z"), versions)[0]).toMatchObject({
      vendor: "B",
      daysLeft: -11,
    });
  });

  it("keeps each connector's version with a sunset date and its source", () => {
    for (const v of VENDOR_VERSIONS) {
      expect(v.sunset).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(v.sunset))).toBe(false);
      expect(v.source).toMatch(/^https:\/\//);
    }
  });
});
