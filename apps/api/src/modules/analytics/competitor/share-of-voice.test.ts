import { describe, expect, it } from "vitest";
import { shareOfVoice, type VoiceCompany } from "./share-of-voice";

const window = { from: "2026-10-02", to: "2026-10-31" };
const history = { from: "2025-11-01", to: "2026-10-31" };
const figures = (platform: "instagram" | "tiktok", audience: number | null, engagement: number | null) => ({
  platform,
  audience,
  engagement,
  audienceRoundedTo: null,
  audienceGrowth: null,
  engagementRate: null,
});

const brand: VoiceCompany = {
  id: "a",
  name: "Lumora Coffee",
  history,
  platforms: [figures("instagram", 6000, 300), figures("tiktok", 2000, null)],
  inputs: { posts: [{ platform: "instagram", posts: 10 }], traffic: { month: "2026-09", visits: 5000 } },
};
const rival: VoiceCompany = {
  id: "b",
  name: "Bean There",
  // Two days short of the window's end: within the tolerance, counted.
  history: { ...history, to: "2026-10-29" },
  platforms: [figures("instagram", 3000, 100), figures("tiktok", null, 200)],
  inputs: {
    posts: [
      { platform: "instagram", posts: 5 },
      { platform: "tiktok", posts: 5 },
    ],
    traffic: { month: "2026-09", visits: 3000 },
  },
};
/** Stored before post counts and visits were kept: left out of those shares, counted in the others. */
const older: VoiceCompany = {
  id: "c",
  name: "Grind House",
  history,
  platforms: [figures("instagram", 1000, 100)],
  inputs: undefined,
};
/** Its data ends 12 days before the window does: none of its social figures count; its month of traffic does. */
const behind: VoiceCompany = {
  id: "d",
  name: "Daily Grind",
  history: { from: "2025-11-01", to: "2026-10-19" },
  platforms: [figures("instagram", 99_000, 9_000)],
  inputs: { posts: [{ platform: "instagram", posts: 90 }], traffic: { month: "2026-09", visits: 2000 } },
};

/** Its import ends in September: no data in the window at all. */
const gone: VoiceCompany = {
  id: "e",
  name: "Acme Roasters",
  history: { from: "2026-08-14", to: "2026-09-12" },
  platforms: [figures("instagram", null, null)],
  inputs: { posts: [{ platform: "instagram", posts: 0 }], traffic: null },
};

const percents = (set: { shares: { companyId: string; percent: number }[] }) =>
  Object.fromEntries(set.shares.map((s) => [s.companyId, s.percent]));

describe("shareOfVoice", () => {
  const voice = shareOfVoice(window, [brand, rival, older, behind, gone]);
  const [overall, instagram, tiktok] = voice.scopes;

  it("shares engagement over all platforms, summing each company's platforms with figures", () => {
    expect(voice.scopes.map((s) => s.platform)).toEqual([null, "instagram", "tiktok"]);
    // E: a = 300 (its tiktok engagement is unknown), b = 100 + 200, c = 100; Σ = 700.
    expect(overall?.engagement).toMatchObject({ status: "ok", n: 3, total: 700 });
    expect(overall?.engagement.shares.map((s) => [s.companyId, s.share])).toEqual([
      ["a", 300 / 700],
      ["b", 300 / 700],
      ["c", 100 / 700],
    ]);
    // 42.86 / 42.86 / 14.29: the two largest remainders take the missing 2 points, summing to exactly 100.
    expect(percents(overall?.engagement ?? { shares: [] })).toEqual({ a: 43, b: 43, c: 14 });
  });

  it("leaves a company without the figure out, never counting it as 0", () => {
    // Posts: c has no counts stored, so 10 of 20 each rather than a third each with c at 0.
    expect(overall?.posts).toMatchObject({ status: "ok", n: 2, total: 20 });
    expect(percents(overall?.posts ?? { shares: [] })).toEqual({ a: 50, b: 50 });
    // Followers: 8000 / 3000 / 1000 of 12 000 → 66.67 / 25 / 8.33.
    expect(percents(overall?.audience ?? { shares: [] })).toEqual({ a: 67, b: 25, c: 8 });
    expect(percents(instagram?.engagement ?? { shares: [] })).toEqual({ a: 60, b: 20, c: 20 });
  });

  it("needs two companies with the figure", () => {
    expect(tiktok?.engagement).toEqual({
      status: "insufficient_history",
      reason:
        "Share of voice needs 2 companies with this figure; 1 has it. Import your competitors' exports or connect YouTube on Data sources.",
      n: 1,
      total: 200,
      shares: [],
    });
    expect(tiktok?.audience.status).toBe("insufficient_history");
    expect(tiktok?.posts.status).toBe("insufficient_history");
  });

  it("leaves out a company without data in the window, or whose data ends days before it, saying what to do", () => {
    expect(voice.leftOut).toEqual([
      {
        companyId: "d",
        reason:
          "Data from Daily Grind ends on 19 Oct 2026, 12 days before the end of 2–31 Oct 2026, so its engagement and posts would count fewer days than the others': import a newer export or connect YouTube on Data sources.",
      },
      {
        companyId: "e",
        reason:
          "No posts or follower counts from Acme Roasters in 2–31 Oct 2026: import a newer export or connect YouTube on Data sources.",
      },
    ]);
    // Left out, never counted as 0 posts.
    for (const set of [overall?.engagement, overall?.posts, overall?.audience, instagram?.posts]) {
      expect(set?.shares.some((s) => s.companyId === "d" || s.companyId === "e")).toBe(false);
    }
    // Two days short is within the tolerance: the rival is counted.
    expect(overall?.posts.shares.some((s) => s.companyId === "b")).toBe(true);
  });

  it("names the window across a year in full, and a company without any data", () => {
    const winter = { from: "2025-12-28", to: "2026-01-26" };
    const none = { ...gone, history: null };
    expect(shareOfVoice(winter, [brand, none]).leftOut.map((l) => [l.companyId, l.reason])).toEqual([
      [
        "e",
        "No posts or follower counts from Acme Roasters in 28 Dec 2025–26 Jan 2026: import a newer export or connect YouTube on Data sources.",
      ],
    ]);
  });

  it("shares website visits of the brand's latest complete month", () => {
    expect(voice.traffic).toMatchObject({ status: "ok", month: "2026-09", n: 3, total: 10_000 });
    expect(percents(voice.traffic)).toEqual({ a: 50, b: 30, d: 20 });
  });

  it("takes the latest month of any company when the brand has no traffic, leaving other months out", () => {
    const noTraffic = { ...brand, inputs: { posts: [], traffic: null } };
    const laterRival = { ...rival, inputs: { posts: [], traffic: { month: "2026-10", visits: 100 } } };
    const otherRival = { ...behind, id: "f", history };
    const voice = shareOfVoice(window, [noTraffic, laterRival, otherRival]);
    expect(voice.traffic).toMatchObject({ status: "insufficient_history", month: "2026-10", n: 1 });
  });

  it("says there is no share when the landscape's total is 0 or nobody has the figure", () => {
    const quiet = (id: string): VoiceCompany => ({
      id,
      name: id,
      history,
      platforms: [figures("instagram", null, 0)],
      inputs: { posts: [{ platform: "instagram", posts: 0 }], traffic: null },
    });
    const [all] = shareOfVoice(window, [quiet("a"), quiet("b")]).scopes;
    expect(all?.engagement).toEqual({
      status: "no_data",
      reason: "The companies' total is 0.",
      n: 2,
      total: 0,
      shares: [],
    });
    expect(all?.audience).toMatchObject({ status: "no_data", n: 0, total: null });
  });
});
