import { describe, expect, it } from "vitest";
import { endsOnToday, periodBounds } from "./brand-figures";
import { PeriodError, periodEndingOn, resolvePeriod, windowLabel } from "./periods";

const history = { from: "2025-11-01", to: "2026-10-31" };

describe("resolvePeriod", () => {
  it("ends named periods on the bounds' last day and compares with the same length before", () => {
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
      "Choose dates between 2025-11-01 and 2026-10-31",
    );
    expect(() => resolvePeriod({ period: "7d", from: "2026-03-01" }, history)).toThrow(PeriodError);
  });
});

describe("periodBounds", () => {
  const now = new Date("2026-12-06T15:00:00Z");
  const own = { sample: false };
  const sample = { sample: true };

  it("ends an own brand's named periods today, whatever the age of its data", () => {
    expect(periodBounds(own, history, now)).toEqual({ from: "2024-12-06", to: "2026-12-06" });
    expect(resolvePeriod({}, periodBounds(own, history, now)).window).toEqual({
      from: "2026-11-07",
      to: "2026-12-06",
    });
    // Without data yet: today too, and a custom range reaches two years back; data older than that, back to it.
    expect(periodBounds(own, null, now)).toEqual({ from: "2024-12-06", to: "2026-12-06" });
    const older = { from: "2023-05-01", to: "2026-10-31" };
    expect(periodBounds(own, older, now)).toEqual({ from: "2023-05-01", to: "2026-12-06" });
  });

  it("lets an own brand's custom range reach today, keeping the checks", () => {
    const bounds = periodBounds(own, history, now);
    expect(resolvePeriod({ period: "custom", from: "2026-11-20", to: "2026-12-06" }, bounds).window).toEqual({
      from: "2026-11-20",
      to: "2026-12-06",
    });
    expect(() => resolvePeriod({ period: "custom", from: "2026-11-20", to: "2026-12-07" }, bounds)).toThrow(
      "Choose dates between 2024-12-06 and 2026-12-06",
    );
  });

  it("keeps the sample's data set's last day as its today", () => {
    expect(periodBounds(sample, history, now)).toEqual(history);
    expect(periodBounds(sample, null, now)).toEqual({ from: "2026-12-05", to: "2026-12-05" });
  });

  it("serves an own brand's stored named period only while it ends today", () => {
    const stored = resolvePeriod({}, periodBounds(own, history, new Date("2026-12-05T23:00:00Z")));
    expect(endsOnToday(own, stored, new Date("2026-12-05T23:59:00Z"))).toBe(true);
    expect(endsOnToday(own, stored, now)).toBe(false);
    expect(endsOnToday(sample, resolvePeriod({}, history), now)).toBe(true);
    const custom = resolvePeriod({ period: "custom", from: "2026-10-01", to: "2026-10-30" }, history);
    expect(endsOnToday(own, custom, now)).toBe(true);
    expect(endsOnToday(own, periodEndingOn({}, "2026-11-24"), now)).toBe(true);
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
