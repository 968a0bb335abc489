import { abbreviateNumber } from "@brandscope/ui/format";
import { describe, expect, it } from "vitest";
import { bubbleFigures } from "./bubble-chart";

const format = { formatX: (value: number) => `$${value.toFixed(2)}`, formatY: abbreviateNumber };

describe("bubbleFigures (the tooltip's and the table's figures)", () => {
  it("formats x, y and the radius as a percentage", () => {
    expect(bubbleFigures({ id: "a", label: "a", x: 0.84, y: 12_100, radius: 0.41 }, format)).toEqual([
      "$0.84",
      "12.1K",
      "41%",
    ]);
  });

  it("shows a range drawn at a point as the range, not the point", () => {
    const datum = { id: "b", label: "b", x: 1, y: 3162.3, radius: 0.2, yText: "1K–10K" };
    expect(bubbleFigures(datum, format)[1]).toBe("1K–10K");
  });
});
