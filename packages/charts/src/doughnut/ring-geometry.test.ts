import { describe, expect, it } from "vitest";
import { ringLabelPoint, ringSlicePath, ringSlices } from "./ring-geometry";

describe("ringSlices", () => {
  it("shares a full turn in proportion to the values, in their order, with nothing for zero or less", () => {
    const slices = ringSlices([1, 0, 3, -2]);
    expect(slices.map((slice) => slice.endAngle - slice.startAngle)).toEqual([
      Math.PI / 2,
      0,
      (3 * Math.PI) / 2,
      0,
    ]);
    expect(slices[2]?.endAngle).toBeCloseTo(2 * Math.PI);
  });

  it("gives every slice no width when the values add up to nothing", () => {
    expect(ringSlices([0, 0])).toEqual([
      { startAngle: 0, endAngle: 0 },
      { startAngle: 0, endAngle: 0 },
    ]);
  });
});

describe("ringSlicePath", () => {
  it("draws a quarter from twelve to three o'clock between the two radii", () => {
    expect(ringSlicePath({ startAngle: 0, endAngle: Math.PI / 2 }, 60, 100)).toBe(
      "M0 -100 A100 100 0 0 1 100 0 L60 0 A60 60 0 0 0 0 -60 Z",
    );
  });

  it("flags the large arc for a slice past half a turn", () => {
    expect(ringSlicePath({ startAngle: 0, endAngle: (3 * Math.PI) / 2 }, 60, 100)).toContain(
      "A100 100 0 1 1",
    );
  });

  it("draws a whole ring as two halves, since an arc whose ends meet draws nothing", () => {
    const path = ringSlicePath({ startAngle: 0, endAngle: 2 * Math.PI }, 60, 100, 0.1);
    expect(path.match(/M/g)).toHaveLength(2);
    expect(path).toContain("M0 -100 A100 100 0 0 1 0 100");
  });
});

it("places a label mid-way across the ring at the slice's middle angle", () => {
  expect(ringLabelPoint({ startAngle: 0, endAngle: Math.PI }, 60, 100)).toEqual({ x: 80, y: 0 });
});
