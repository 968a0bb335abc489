import { describe, expect, it } from "vitest";
import { buildTierBenchmarks, erPercentile, tierCell } from "./benchmarks";
import { tierOf } from "./tiers";

// 50 instagram profiles in the 5K–20K tier with ER 0.001, 0.002, …, 0.050.
const instagram = Array.from({ length: 50 }, (_, k) => ({
  platform: "instagram" as const,
  followers: 10_000,
  er: (k + 1) / 1000,
}));
// 49 tiktok profiles: one short of a cell.
const tiktok = Array.from({ length: 49 }, () => ({
  platform: "tiktok" as const,
  followers: 10_000,
  er: 0.05,
}));
const bench = buildTierBenchmarks([...instagram, ...tiktok]);

describe("tierOf", () => {
  it("uses HypeAuditor's tier bounds", () => {
    expect([999, 1000, 4999, 5000, 20_000, 99_999, 100_000, 1_000_000].map(tierOf)).toEqual([
      "0-1k",
      "1k-5k",
      "1k-5k",
      "5k-20k",
      "20k-100k",
      "20k-100k",
      "100k-1m",
      "1m+",
    ]);
  });
});

describe("erPercentile", () => {
  it("ranks within our own cell when it has 50 profiles (ties count half)", () => {
    expect(tierCell(bench, "instagram", 12_000)).toMatchObject({ source: "own", n: 50 });
    expect(tierCell(bench, "instagram", 12_000)?.p50).toBeCloseTo(0.0255, 12);
    expect(erPercentile(bench, "instagram", 12_000, 0.0255)).toBe(0.5);
    expect(erPercentile(bench, "instagram", 12_000, 0.025)).toBe(0.49);
    expect(erPercentile(bench, "instagram", 12_000, 1)).toBe(1);
  });

  it("falls back to HypeAuditor's published Instagram median with a log-normal spread", () => {
    // 20K–100K median 2.63 %; one σ (×2) above it is the 84th percentile.
    expect(tierCell(bench, "instagram", 50_000)?.source).toBe("published");
    expect(erPercentile(bench, "instagram", 50_000, 0.0263)).toBeCloseTo(0.5, 6);
    expect(erPercentile(bench, "instagram", 50_000, 0.0526)).toBeCloseTo(0.8413, 3);
    expect(erPercentile(bench, "instagram", 50_000, 0)).toBe(0);
  });

  it("gives null without an own cell or a published median", () => {
    expect(erPercentile(bench, "tiktok", 10_000, 0.05)).toBeNull();
    expect(erPercentile(bench, "twitter", 10_000, 0.01)).toBeNull();
  });
});
