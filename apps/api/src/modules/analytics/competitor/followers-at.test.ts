import { describe, expect, it } from "vitest";
import { followersOnDay, latestFollowers } from "./followers-at";

const snapshots = [
  { day: "2026-01-01", followers: 1000 },
  { day: "2026-01-11", followers: 1100 },
  { day: "2026-02-20", followers: 2000 },
];

describe("followersOnDay", () => {
  it("uses the latest snapshot at most 7 days old", () => {
    expect(followersOnDay(snapshots, "2026-01-01")).toBe(1000);
    expect(followersOnDay(snapshots, "2026-01-08")).toBe(1000);
  });

  it("interpolates between snapshots at most 14 days apart", () => {
    expect(followersOnDay(snapshots, "2026-01-09")).toBeCloseTo(1080, 9);
  });

  it("gives null when the gap is too wide or there is no earlier snapshot", () => {
    expect(followersOnDay(snapshots, "2026-02-01")).toBeNull();
    expect(followersOnDay(snapshots, "2025-12-31")).toBeNull();
  });
});

describe("latestFollowers", () => {
  it("takes the latest snapshot within the allowed age", () => {
    expect(latestFollowers(snapshots, "2026-01-14", 3)).toBe(1100);
    expect(latestFollowers(snapshots, "2026-01-15", 3)).toBeNull();
  });
});
