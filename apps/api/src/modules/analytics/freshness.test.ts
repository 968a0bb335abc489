import { describe, expect, it } from "vitest";
import { isStale } from "./freshness";

const at = (iso: string) => new Date(iso);

describe("stale figures (§6: older than twice the expected cadence)", () => {
  it("turns social data stale after 48 hours, not at 48 hours", () => {
    const dataAsOf = at("2026-11-03T12:00:00.000Z");
    expect(isStale("social", dataAsOf, at("2026-11-05T12:00:00.000Z"))).toBe(false);
    expect(isStale("social", dataAsOf, at("2026-11-05T12:00:01.000Z"))).toBe(true);
  });

  it("allows keywords 60 days and influencer profiles 14 days", () => {
    const dataAsOf = at("2026-11-03T00:00:00.000Z");
    expect(isStale("keywords", dataAsOf, at("2027-01-02T00:00:00.000Z"))).toBe(false);
    expect(isStale("keywords", dataAsOf, at("2027-01-02T00:00:01.000Z"))).toBe(true);
    expect(isStale("influencer_profiles", dataAsOf, at("2026-11-17T00:00:00.000Z"))).toBe(false);
    expect(isStale("influencer_profiles", dataAsOf, at("2026-11-17T00:00:01.000Z"))).toBe(true);
  });

  it("never calls data of unknown age stale", () => {
    expect(isStale("social", null, at("2030-01-01T00:00:00.000Z"))).toBe(false);
  });
});
