import { describe, expect, it } from "vitest";
import { compareFigure } from "./figure";

describe("compareFigure", () => {
  it("gives the relative change and its direction", () => {
    expect(compareFigure(110, 100, { n: 4 })).toEqual({
      value: 110,
      previous: 100,
      change: 0.1,
      direction: "increase",
      status: "ok",
      n: 4,
    });
    expect(compareFigure(50, 100).direction).toBe("decrease");
  });

  it("calls a change under 2 % or under the display resolution unchanged", () => {
    expect(compareFigure(101.9, 100).direction).toBe("unchanged");
    expect(compareFigure(2.04, 2, { resolution: 0.05 }).direction).toBe("unchanged");
    expect(compareFigure(0, 0).direction).toBe("unchanged");
  });

  it("never turns a missing value into 0", () => {
    expect(
      compareFigure(null, 12, { missing: "insufficient_history", reason: "needs 4 weeks, has 2" }),
    ).toEqual({
      value: null,
      previous: 12,
      change: null,
      direction: null,
      status: "insufficient_history",
      reason: "needs 4 weeks, has 2",
    });
    expect(compareFigure(5, null)).toMatchObject({ change: null, direction: null, status: "ok" });
    expect(compareFigure(5, 0)).toMatchObject({ change: null, direction: "increase" });
  });
});
