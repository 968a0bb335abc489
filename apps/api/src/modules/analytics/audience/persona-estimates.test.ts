import { describe, expect, it } from "vitest";
import { isWholeMonth, personaActivity, personaEngagement } from "./persona-estimates";
import type { PlatformShare } from "./types";

const split: PlatformShare[] = [
  { platform: "instagram", share: 0.6 },
  { platform: "tiktok", share: 0.3 },
  { platform: "facebook", share: 0.1 },
];

describe("personaEngagement", () => {
  it("weights the brand's ER per platform by the persona's split", () => {
    // 0.6·0.02 + 0.3·0.05 + 0.1·0.001 = 0.0271
    expect(personaEngagement(split, { instagram: 0.02, tiktok: 0.05, facebook: 0.001 })).toBeCloseTo(
      0.0271,
      10,
    );
  });

  it("renormalises over platforms with a known ER", () => {
    // (0.6·0.02 + 0.3·0.05) / 0.9 = 0.03
    expect(personaEngagement(split, { instagram: 0.02, tiktok: 0.05, facebook: null })).toBeCloseTo(0.03, 10);
  });

  it("is null when the known platforms cover less than half of the split", () => {
    expect(personaEngagement(split, { tiktok: 0.05, facebook: 0.001 })).toBeNull();
    expect(personaEngagement(split, {})).toBeNull();
  });
});

const firstQuarter = { from: "2026-01-01", to: "2026-03-31" };

describe("isWholeMonth", () => {
  it("holds when the history covers the month's first and last day", () => {
    expect(isWholeMonth("2026-02", { from: "2026-01-15", to: "2026-02-28" })).toBe(true);
    expect(isWholeMonth("2024-02", { from: "2024-02-01", to: "2024-02-28" })).toBe(false);
    expect(isWholeMonth("2026-01", { from: "2026-01-15", to: "2026-03-31" })).toBe(false);
    expect(isWholeMonth("2026-03", { from: "2026-01-01", to: "2026-03-30" })).toBe(false);
  });
});

describe("personaActivity", () => {
  it("is null with fewer than three months", () => {
    expect(
      personaActivity(
        split,
        [
          { month: "2026-01", platform: "instagram", engagement: 100 },
          { month: "2026-02", platform: "instagram", engagement: 100 },
          { month: "2026-02", platform: "tiktok", engagement: 100 },
        ],
        firstQuarter,
      ),
    ).toBeNull();
  });

  it("sums split × engagement per month, oldest first", () => {
    const rows = [
      { month: "2026-03", platform: "instagram" as const, engagement: 1000 },
      { month: "2026-01", platform: "instagram" as const, engagement: 100 },
      { month: "2026-01", platform: "tiktok" as const, engagement: 200 },
      { month: "2026-02", platform: "facebook" as const, engagement: 50 },
      { month: "2026-02", platform: "youtube" as const, engagement: 999 },
    ];
    expect(personaActivity(split, rows, firstQuarter)).toEqual([
      { date: "2026-01-01", value: 0.6 * 100 + 0.3 * 200 },
      { date: "2026-02-01", value: 0.1 * 50 },
      { date: "2026-03-01", value: 0.6 * 1000 },
    ]);
  });

  it("is null without a platform mix (a website's audience), never a line of zeros", () => {
    const none: PlatformShare[] = split.map((s) => ({ ...s, share: 0 }));
    const months = ["2026-01", "2026-02", "2026-03"].map((month) => ({
      month,
      platform: "instagram" as const,
      engagement: 100,
    }));
    expect(personaActivity(none, months, firstQuarter)).toBeNull();
    expect(personaActivity([], months, firstQuarter)).toBeNull();
    expect(personaEngagement(none, { instagram: 0.02 })).toBeNull();
  });

  it("leaves out a first and a last month the history only partly covers", () => {
    const rows = ["2025-12", "2026-01", "2026-02", "2026-03", "2026-04"].map((month) => ({
      month,
      platform: "instagram" as const,
      engagement: 100,
    }));
    const activity = personaActivity(split, rows, { from: "2025-12-20", to: "2026-04-09" });
    expect(activity?.map((point) => point.date)).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    // Two whole months are not enough.
    expect(personaActivity(split, rows, { from: "2025-12-20", to: "2026-03-09" })).toBeNull();
  });
});
