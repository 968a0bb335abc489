import { describe, expect, it } from "vitest";
import { averageLinkage, cutAtLargestJump } from "./average-linkage";

describe("averageLinkage", () => {
  // Items 0,1 and 2,3 are close pairs; 4 is far from everything.
  const distance = [
    [0, 0.1, 0.8, 0.8, 1],
    [0.1, 0, 0.8, 0.8, 1],
    [0.8, 0.8, 0, 0.2, 1],
    [0.8, 0.8, 0.2, 0, 1],
    [1, 1, 1, 1, 0],
  ];

  it("merges closest pairs first at average heights", () => {
    const steps = averageLinkage(distance);
    expect(steps.map((s) => s.height)).toEqual([0.1, 0.2, 0.8, 1]);
    expect(steps[1]?.groups).toEqual([[0, 1], [2, 3], [4]]);
  });

  it("cuts where the next merge jumps highest", () => {
    // Jumps: 5 groups 0.1, 4 groups 0.1, 3 groups 0.6, 2 groups 0.2 → 3 groups.
    const cut = cutAtLargestJump(5, averageLinkage(distance), 2, 5);
    expect(cut.groups).toEqual([[0, 1], [2, 3], [4]]);
    expect(cut.jump).toBeCloseTo(0.6, 12);
  });
});
