import { describe, expect, it } from "vitest";
import { weightedKMeans } from "./weighted-kmeans";

describe("weightedKMeans", () => {
  const points = [
    [0, 0],
    [0, 1],
    [1, 0],
    [10, 10],
    [10, 11],
    [11, 10],
  ];

  it("separates two obvious clusters and reports the weighted SSE", () => {
    const r = weightedKMeans(points, [1, 1, 1, 1, 1, 1], 2, 7);
    const [a, b] = [r.assignment[0], r.assignment[3]];
    expect(a).not.toBe(b);
    expect(r.assignment).toEqual([a, a, a, b, b, b]);
    // Each cluster: mean (1/3, 1/3); SSE = 2/9 + 5/9 + 5/9 = 4/3; two clusters: 8/3.
    expect(r.sse).toBeCloseTo(8 / 3, 9);
  });

  it("pulls centroids towards heavy points", () => {
    const r = weightedKMeans(points, [8, 1, 1, 1, 1, 1], 2, 7);
    const c = r.centroids[r.assignment[0] ?? 0] ?? [];
    // (8·(0,0) + (0,1) + (1,0)) / 10
    expect(c[0]).toBeCloseTo(0.1, 9);
    expect(c[1]).toBeCloseTo(0.1, 9);
  });

  it("gives the same result for the same seed", () => {
    expect(weightedKMeans(points, [1, 2, 3, 4, 5, 6], 3, 42)).toEqual(
      weightedKMeans(points, [1, 2, 3, 4, 5, 6], 3, 42),
    );
  });
});
