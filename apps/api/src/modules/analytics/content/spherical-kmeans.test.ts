import { describe, expect, it } from "vitest";
import { bestOfSeeds } from "./spherical-kmeans";

const unit = (index: number[], value: number[]) => {
  const norm = Math.hypot(...value);
  return { index, value: value.map((v) => v / norm) };
};

describe("sphericalKMeans", () => {
  // Two directions in 4 dimensions: terms {0,1} and terms {2,3}.
  const docs = [
    unit([0, 1], [1, 0.2]),
    unit([0, 1], [0.8, 0.4]),
    unit([0], [1]),
    unit([2, 3], [1, 0.1]),
    unit([2, 3], [0.5, 1]),
    unit([3], [1]),
  ];

  it("separates documents by direction and returns unit centroids", () => {
    const result = bestOfSeeds(docs, 4, 2, [1, 2, 3]);
    const [a, b, c, d, e, f] = result.assignment;
    expect(new Set([a, b, c]).size).toBe(1);
    expect(new Set([d, e, f]).size).toBe(1);
    expect(a).not.toBe(d);
    for (const centroid of result.centroids) expect(Math.hypot(...centroid)).toBeCloseTo(1, 12);
  });

  it("gives the same clusters for the same seeds", () => {
    expect(bestOfSeeds(docs, 4, 2, [5, 6, 7])).toEqual(bestOfSeeds(docs, 4, 2, [5, 6, 7]));
  });
});
