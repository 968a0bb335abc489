import { describe, expect, it } from "vitest";
import { keywordTrend } from "./keyword-trend";
import { theilSenSlope } from "./theil-sen";

describe("theilSenSlope", () => {
  it("ignores one outlier that would tilt least squares", () => {
    expect(theilSenSlope([1, 2, 3, 4, 100])).toBe(1);
    expect(theilSenSlope([5])).toBeNull();
  });
});

describe("keywordTrend", () => {
  it("computes volume, momentum, a rising slope and the peak", () => {
    // 100, 110, …, 210: slope 10/month, mean 155 ⇒ 120/155 ≈ 0.774 a year.
    const volumes = Array.from({ length: 12 }, (_, k) => 100 + 10 * k);
    const t = keywordTrend(volumes);
    expect(t.volume).toBe(155);
    // last 3 = 190+200+210 = 600, previous 3 = 160+170+180 = 510.
    expect(t.momentum).toBeCloseTo(90 / 510, 12);
    expect(t.slope).toBeCloseTo(120 / 155, 12);
    expect(t.direction).toBe("rising");
    expect(t.peakMonth).toBe(11);
    expect(t.yoy).toBeNull();
    expect(t.status).toBe("ok");
  });

  it("calls a small or noisy slope flat and a declining one falling", () => {
    expect(keywordTrend([100, 101, 99, 100, 102, 100, 98, 100, 101, 100, 99, 100]).direction).toBe("flat");
    expect(keywordTrend(Array.from({ length: 12 }, (_, k) => 220 - 10 * k)).direction).toBe("falling");
  });

  it("reads the last 12 months and year-over-year from 13", () => {
    const t = keywordTrend([80, ...Array.from({ length: 12 }, () => 100)]);
    expect(t.volume).toBe(100);
    expect(t.yoy).toBeCloseTo(0.25, 12);
    expect(t.peakMonth).toBe(1);
    expect(t.reason).toBeUndefined();
  });

  it("needs 12 months", () => {
    expect(keywordTrend([1, 2, 3])).toMatchObject({
      volume: null,
      slope: null,
      status: "insufficient_history",
    });
  });

  it("gives null, not 0, where the denominator is 0", () => {
    const t = keywordTrend(Array.from({ length: 12 }, () => 0));
    expect(t).toMatchObject({ volume: 0, momentum: null, slope: null, direction: null });
  });
});
