import { describe, expect, it } from "vitest";
import { cosine, matchPrevious } from "./persona-stability";

describe("cosine", () => {
  it("is 1 for parallel vectors, 0 for orthogonal or mismatched ones", () => {
    expect(cosine([1, 2, 0], [2, 4, 0])).toBeCloseTo(1, 12);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
  });
});

describe("matchPrevious", () => {
  const prev = (id: string, vector: number[]) => ({ id, name: `${id} — Title`, vector });

  it("pairs greedily by best cosine, one to one, at 0.8 or more", () => {
    const previous = [prev("a", [1, 0, 0]), prev("b", [0.9, 0.1, 0]), prev("c", [0, 0, 1])];
    // new0 is closest to a (1.0) and b (0.994); new1 is close to b (0.994 vs a 0.707·…).
    const result = matchPrevious(
      [
        [1, 0, 0],
        [1, 0.1, 0],
        [0, 1, 0],
      ],
      previous,
    );
    expect(result.map((r) => r?.id ?? null)).toEqual(["a", "b", null]);
  });

  it("leaves a persona new below 0.8", () => {
    // cos([1,1,0],[1,0,0]) = 0.707
    expect(matchPrevious([[1, 1, 0]], [prev("a", [1, 0, 0])])).toEqual([null]);
  });
});
