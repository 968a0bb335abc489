import { describe, expect, it } from "vitest";
import { addDays } from "../periods";
import { followerFlags } from "./follower-flags";

/** 40 days growing by 10 a day from 10,000, with the given changes on top from a day on. */
function series(jumps: Record<number, number>, start = 10_000) {
  let extra = 0;
  return Array.from({ length: 40 }, (_, d) => {
    extra += jumps[d] ?? 0;
    return { day: addDays("2026-09-01", d), followers: start + 10 * d + extra };
  });
}

describe("followerFlags", () => {
  it("flags a spike, with a round-number jump, on its day", () => {
    const flags = followerFlags(series({ 20: 2000 }));
    expect(flags.map((f) => [f.kind, f.date])).toEqual([
      ["follower_spike", "2026-09-21"],
      ["round_jump", "2026-09-21"],
    ]);
  });

  it("does not call an uneven jump round", () => {
    const flags = followerFlags(series({ 20: 2337 }));
    expect(flags.map((f) => f.kind)).toEqual(["follower_spike"]);
  });

  it("ignores gains under max(1 % of followers, 500) and series under 30 days", () => {
    expect(followerFlags(series({ 20: 400 }))).toEqual([]);
    expect(followerFlags(series({ 20: 2000 }).slice(0, 29))).toEqual([]);
  });

  it("flags a drop of 2 % within 3 days once, dated its first day", () => {
    // Day 30 loses 300 (≈ 2.8 %), day 31 another 100.
    const flags = followerFlags(series({ 30: -310, 31: -110 }));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: "sharp_drop", date: "2026-10-01" });
  });

  it("does not flag a 1 % dip", () => {
    expect(followerFlags(series({ 30: -110 }))).toEqual([]);
  });
});
