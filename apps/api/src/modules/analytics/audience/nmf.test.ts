import { describe, expect, it } from "vitest";
import { fromRows, nmf, row } from "./nmf";
import { cosine } from "./persona-stability";

/** Three behaviour profiles over 6 columns with disjoint supports, mixed into 12 groups. */
const H_TRUE = [
  [0.5, 0.5, 0, 0, 0, 0],
  [0, 0, 0.6, 0.4, 0, 0],
  [0, 0, 0, 0, 0.3, 0.7],
];
const W_TRUE = [
  [100, 0, 0],
  [80, 0, 0],
  [0, 50, 0],
  [0, 60, 0],
  [0, 0, 30],
  [0, 0, 20],
  [50, 50, 0],
  [0, 20, 20],
  [40, 0, 10],
  [120, 0, 0],
  [0, 70, 0],
  [0, 0, 40],
];
const V = fromRows(
  W_TRUE.map(
    (w) => H_TRUE[0]?.map((_, j) => w.reduce((s, wk, k) => s + wk * (H_TRUE[k]?.[j] ?? 0), 0)) ?? [],
  ),
  6,
);

describe("nmf", () => {
  it("recovers a planted rank-3 factorisation", () => {
    const r = nmf(V, 3);
    expect(r.relativeError).toBeLessThan(0.01);
    for (const planted of H_TRUE) {
      const best = Math.max(...[0, 1, 2].map((k) => cosine(row(r.H, k), planted)));
      expect(best).toBeGreaterThan(0.99);
    }
  });

  it("keeps H rows summing to 1 and W non-negative", () => {
    const r = nmf(V, 3);
    for (let k = 0; k < 3; k++) expect(row(r.H, k).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(Math.min(...r.W.data)).toBeGreaterThanOrEqual(0);
  });

  it("is deterministic", () => {
    expect(nmf(V, 4)).toEqual(nmf(V, 4));
  });

  it("fits worse with too few components", () => {
    expect(nmf(V, 2).relativeError).toBeGreaterThan(0.1);
  });
});
