import { beforeEach, describe, expect, it } from "vitest";
import { linkedPeriodSearch, rememberLinkedPeriod } from "./linked-period";
import { readArea } from "./stored-area";

beforeEach(() => localStorage.clear());

describe("a link at a period (the weekly digest's)", () => {
  it("opens the module on the linked week, which then stays its period", () => {
    const search = linkedPeriodSearch({ brand: "x", period: "custom", from: "2026-11-23", to: "2026-11-29" });
    expect(search).toEqual({ period: "custom", from: "2026-11-23", to: "2026-11-29" });
    rememberLinkedPeriod("content", search);
    expect(readArea("content").period).toEqual({ period: "custom", from: "2026-11-23", to: "2026-11-29" });
    expect(readArea("competitor").period).toBeUndefined();
  });

  it("ignores a link without a valid period, keeping the module's own", () => {
    rememberLinkedPeriod("content", linkedPeriodSearch({ period: "7d" }));
    for (const broken of [
      { period: "custom", from: "2026-11-29", to: "2026-11-23" },
      { period: "custom", from: "yesterday", to: "2026-11-23" },
      { period: "fortnight" },
    ]) {
      expect(linkedPeriodSearch(broken)).toEqual({});
      rememberLinkedPeriod("content", linkedPeriodSearch(broken));
    }
    expect(readArea("content").period).toEqual({ period: "7d" });
  });
});
