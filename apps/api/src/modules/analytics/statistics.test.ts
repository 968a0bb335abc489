import { describe, expect, it } from "vitest";
import { largestRemainder, median, quantile, quantileSorted } from "./statistics";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([2, 2, 2, 1])).toBe(2);
    expect(median([])).toBeNull();
  });

  it("agrees with a sort on many shuffled lists", () => {
    let state = 3;
    for (let run = 0; run < 200; run++) {
      const values = Array.from({ length: 1 + (run % 37) }, () => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return Math.floor((state / 2147483648) * 20);
      });
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      const expected =
        sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
      expect(median(values)).toBe(expected);
    }
  });
});

describe("quantile and largestRemainder", () => {
  it("interpolates quantiles linearly, of sorted values too", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75);
    expect(quantileSorted([], 0.5)).toBeNaN();
    expect(quantile([0, 10], 0.99)).toBeCloseTo(9.9, 12);
  });

  it("rounds shares so they sum exactly to the total", () => {
    expect(largestRemainder([1, 1, 1], 100, 1)).toEqual([33.4, 33.3, 33.3]);
    expect(largestRemainder([0, 0], 100, 1)).toEqual([0, 0]);
  });
});
