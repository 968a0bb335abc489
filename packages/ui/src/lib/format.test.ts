import { describe, expect, it } from "vitest";
import { abbreviateNumber, formatCurrency, formatPercent, formatRemainingTime } from "./format";

describe("abbreviateNumber", () => {
  it.each([
    [0, "0"],
    [1, "1"],
    [999, "999"],
    [999.5, "999.5"],
    [999.999, "1K"],
    [1000, "1K"],
    [1500, "1.5K"],
    [1234, "1.23K"],
    // 1.005K in binary is 1.00499…: rounded as written, not as stored.
    [1005, "1.01K"],
    [1235, "1.24K"],
    [10_000, "10K"],
    [999_994, "999.99K"],
    [999_999, "1M"],
    [1_000_000, "1M"],
    [1_250_000, "1.25M"],
    [999_999_999, "1B"],
    [1e9, "1B"],
    [999_999_999_999, "1T"],
    [1e12, "1T"],
    [1.5e12, "1.5T"],
    [1e15, "1000T"],
    [0.004, "0"],
    [0.126, "0.13"],
  ])("%s → %s", (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it("keeps the sign of negative numbers", () => {
    expect(abbreviateNumber(-1500)).toBe("-1.5K");
    expect(abbreviateNumber(-999)).toBe("-999");
    expect(abbreviateNumber(-999_999)).toBe("-1M");
    expect(abbreviateNumber(-1e12)).toBe("-1T");
  });

  it("never prints a negative zero", () => {
    expect(abbreviateNumber(-0)).toBe("0");
    expect(abbreviateNumber(-0.001)).toBe("0");
  });

  it("answers the fallback for values it cannot format", () => {
    expect(abbreviateNumber(Number.NaN)).toBe("—");
    expect(abbreviateNumber(undefined)).toBe("—");
    expect(abbreviateNumber(null)).toBe("—");
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe("—");
    expect(abbreviateNumber(Number.NaN, { fallback: "n/a" })).toBe("n/a");
  });
});

describe("formatCurrency", () => {
  it("puts the symbol before the amount and drops cents on whole amounts", () => {
    expect(formatCurrency(89)).toBe("$89");
    expect(formatCurrency(249)).toBe("$249");
    expect(formatCurrency(0)).toBe("$0");
    expect(formatCurrency(1249)).toBe("$1,249");
  });

  it("shows exactly two decimals otherwise", () => {
    expect(formatCurrency(89.5)).toBe("$89.50");
    expect(formatCurrency(89.999)).toBe("$90");
    expect(formatCurrency(0.1 + 0.2)).toBe("$0.30");
  });

  it("handles negative amounts, other currencies and the fallback", () => {
    expect(formatCurrency(-5)).toBe("-$5");
    expect(formatCurrency(89, { currency: "EUR" })).toBe("€89");
    expect(formatCurrency(89, { currency: "GBP" })).toBe("£89");
    expect(formatCurrency(Number.NaN)).toBe("—");
    expect(formatCurrency(undefined, { fallback: "" })).toBe("");
  });
});

describe("formatPercent", () => {
  it("turns a fraction into whole percent by default", () => {
    expect(formatPercent(0.12)).toBe("12%");
    expect(formatPercent(0.125)).toBe("13%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(12.34)).toBe("1234%");
    expect(formatPercent(-0.05)).toBe("-5%");
    expect(formatPercent(-0.001)).toBe("0%");
  });

  it("shows up to `decimals` decimals without trailing zeros", () => {
    expect(formatPercent(0.125, { decimals: 1 })).toBe("12.5%");
    expect(formatPercent(0.12345, { decimals: 2 })).toBe("12.35%");
    expect(formatPercent(0.5, { decimals: 2 })).toBe("50%");
  });

  it("answers the fallback for values it cannot format", () => {
    expect(formatPercent(Number.NaN)).toBe("—");
    expect(formatPercent(undefined)).toBe("—");
  });
});

describe("formatRemainingTime", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it.each([
    [3 * DAY, "3 days"],
    [3 * DAY + 20 * HOUR, "3 days"],
    [5 * DAY, "5 days"],
    [DAY, "1 day"],
    [DAY - 1, "23 hours"],
    [5 * HOUR, "5 hours"],
    [5 * HOUR + 59 * 60_000, "5 hours"],
    [HOUR, "1 hour"],
    [HOUR - 1, "less than an hour"],
    [1, "less than an hour"],
    [0, "less than an hour"],
    [-DAY, "less than an hour"],
  ])("%s ms → %s", (duration, expected) => {
    expect(formatRemainingTime(duration)).toBe(expected);
  });

  it("words the time between two dates", () => {
    const from = new Date("2025-03-01T10:00:00Z");
    expect(formatRemainingTime(from, new Date("2025-03-06T10:00:00Z"))).toBe("5 days");
    expect(formatRemainingTime(from, new Date("2025-03-02T09:00:00Z"))).toBe("23 hours");
    expect(formatRemainingTime(from, new Date("2025-03-01T10:30:00Z"))).toBe("less than an hour");
  });

  it("answers the fallback for values it cannot format", () => {
    expect(formatRemainingTime(Number.NaN)).toBe("—");
    expect(formatRemainingTime(undefined)).toBe("—");
    expect(formatRemainingTime(new Date("nope"), new Date())).toBe("—");
    expect(formatRemainingTime(null, { fallback: "soon" })).toBe("soon");
  });
});
