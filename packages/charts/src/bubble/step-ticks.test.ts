import { describe, expect, it } from "vitest";
import { stepTicks } from "./step-ticks";

describe("stepTicks", () => {
  it("puts keyword x ticks every 5, covering the data from 0", () => {
    expect(stepTicks([1.8, 2.6, 0.9, 12.3], 5)).toEqual({ min: 0, max: 15, ticks: [0, 5, 10, 15] });
  });
  it("puts engagement y ticks every 50", () => {
    expect(stepTicks([236, 118, 312, 47], 50).ticks).toEqual([0, 50, 100, 150, 200, 250, 300, 350]);
  });
  it("shows at least one step when all values are 0 or there are none", () => {
    expect(stepTicks([0], 5).ticks).toEqual([0, 5]);
    expect(stepTicks([], 50).ticks).toEqual([0, 50]);
  });
  it("reaches below 0 on the same grid", () => {
    expect(stepTicks([-7, 3], 5).ticks).toEqual([-10, -5, 0, 5]);
  });
  it("thins crowded ticks to every 2nd, 5th… step, staying on multiples of the step", () => {
    const { ticks } = stepTicks([0, 2_000], 50);
    expect(ticks.length).toBeLessThanOrEqual(11);
    expect(ticks.every((tick) => tick % 50 === 0)).toBe(true);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(2_000);
  });
});
