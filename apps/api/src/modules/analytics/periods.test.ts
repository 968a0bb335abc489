import { describe, expect, it } from "vitest";
import { PeriodError, periodEndingOn, resolvePeriod, windowLabel } from "./periods";

const history = { from: "2025-11-01", to: "2026-10-31" };

describe("resolvePeriod", () => {
  it("ends named periods on the last day of data and compares with the same length before", () => {
    expect(resolvePeriod({}, history)).toEqual({
      key: "30d",
      window: { from: "2026-10-02", to: "2026-10-31" },
      previous: { from: "2026-09-02", to: "2026-10-01" },
    });
    expect(resolvePeriod({ period: "7d" }, history).window).toEqual({ from: "2026-10-25", to: "2026-10-31" });
    expect(resolvePeriod({ period: "12m" }, history).window).toEqual({
      from: "2025-11-01",
      to: "2026-10-31",
    });
  });

  it("keeps a custom range within the stored history", () => {
    const custom = resolvePeriod({ period: "custom", from: "2026-03-01", to: "2026-03-10" }, history);
    expect(custom).toEqual({
      key: "custom:2026-03-01:2026-03-10",
      window: { from: "2026-03-01", to: "2026-03-10" },
      previous: { from: "2026-02-19", to: "2026-02-28" },
    });
    expect(() => resolvePeriod({ period: "custom", from: "2026-03-01" }, history)).toThrow(PeriodError);
    expect(() => resolvePeriod({ period: "custom", from: "2026-03-10", to: "2026-03-01" }, history)).toThrow(
      "The period must start before it ends",
    );
    expect(() => resolvePeriod({ period: "custom", from: "2024-01-01", to: "2026-03-01" }, history)).toThrow(
      "Choose dates between 2025-11-01 and 2026-10-31, the stored history",
    );
    expect(() => resolvePeriod({ period: "7d", from: "2026-03-01" }, history)).toThrow(PeriodError);
  });
});

describe("periodEndingOn", () => {
  it("ends a named period on the given day, stored apart from the company's own period", () => {
    expect(periodEndingOn({ period: "30d" }, "2026-11-24")).toEqual({
      key: "30d@2026-11-24",
      window: { from: "2026-10-26", to: "2026-11-24" },
      previous: { from: "2026-09-26", to: "2026-10-25" },
    });
    expect(periodEndingOn({}, "2026-11-24").key).toBe("30d@2026-11-24");
    expect(periodEndingOn({ period: "7d" }, "2026-11-24").window).toEqual({
      from: "2026-11-18",
      to: "2026-11-24",
    });
  });
});

describe("windowLabel", () => {
  it("names a window as a sentence does, the year once when it is one", () => {
    expect(windowLabel({ from: "2026-10-26", to: "2026-11-24" })).toBe("26 Oct–24 Nov 2026");
    expect(windowLabel({ from: "2026-10-02", to: "2026-10-31" })).toBe("2–31 Oct 2026");
    expect(windowLabel({ from: "2025-12-28", to: "2026-01-26" })).toBe("28 Dec 2025–26 Jan 2026");
  });
});
