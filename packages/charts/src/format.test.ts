import { describe, expect, it } from "vitest";
import { wholePercents } from "./format";

describe("wholePercents (largest remainder)", () => {
  it("always sums to 100", () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([412, 287, 168, 83, 31])).toEqual([42, 29, 17, 9, 3]);
    const awkward = wholePercents([13, 17, 19, 23, 29, 31, 37]);
    expect(awkward.reduce((sum, value) => sum + value, 0)).toBe(100);
  });
  it("gives the leftover points to the largest remainders, not to the largest values", () => {
    // 10.4, 20.4, 69.2 → floors 10, 20, 69; one point left goes to 10.4 (ties keep the earlier slice).
    expect(wholePercents([10.4, 20.4, 69.2])).toEqual([11, 20, 69]);
  });
  it("keeps a single slice at 100 and zeros at 0", () => {
    expect(wholePercents([5])).toEqual([100]);
    expect(wholePercents([0, 3, 0])).toEqual([0, 100, 0]);
  });
  it("treats negative and missing values as nothing", () => {
    expect(wholePercents([-5, 10, Number.NaN])).toEqual([0, 100, 0]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
    expect(wholePercents([])).toEqual([]);
  });
});
