import { describe, expect, it } from "vitest";
import { generateSample, type SampleInfluencer } from "../../sample/generate";
import { daysBetween } from "../periods";
import { authenticityFlags } from "./authenticity";
import { buildTierBenchmarks } from "./benchmarks";
import { influencerEngagementRate } from "./engagement-rate";
import type { InfluencerInput } from "./types";

function toInput(s: SampleInfluencer, snapshots: { day: string; followers: number }[]): InfluencerInput {
  return {
    id: s.id,
    platform: s.platform,
    followers: s.followers,
    country: s.country,
    topics: s.topics,
    audience: {
      ages: Object.entries(s.audience.ages).map(([label, share]) => ({ label, share })),
      genders: Object.entries(s.audience.genders).map(([label, share]) => ({ label, share })),
      countries: s.audience.countries.map((c) => ({ label: c.country, share: c.share })),
      interests: s.audience.interests.map((i) => ({ label: i.interest, share: i.weight })),
    },
    recentPosts: s.recentPosts,
    snapshots,
  };
}

const FLAG_FOR = {
  follower_spike: "follower_spike",
  purge_drop: "sharp_drop",
  uniform_likes: "uniform_likes",
} as const;

describe("authenticity flags on the sample data", () => {
  it("find the planted spikes, purges and uniform likes, and rarely flag the others", () => {
    const sample = generateSample({ scale: 0.1 });
    const now = sample.to;
    const series = new Map<string, { day: string; followers: number }[]>();
    for (const s of sample.influencerSnapshots()) {
      const list = series.get(s.influencerId) ?? [];
      list.push({ day: s.date, followers: s.followers });
      series.set(s.influencerId, list);
    }
    const inputs = [...sample.influencers()].map((s) => toInput(s, series.get(s.id) ?? []));
    const rates = inputs.map((i) => ({ i, er: influencerEngagementRate(i, now).value }));
    const bench = buildTierBenchmarks(
      rates.flatMap(({ i, er }) =>
        er === null ? [] : [{ platform: i.platform, followers: i.followers, er }],
      ),
    );
    const flagsById = new Map(rates.map(({ i, er }) => [i.id, authenticityFlags(i, bench, er, now)]));

    const planted = sample.plantedAnomalies;
    expect(planted.length).toBeGreaterThanOrEqual(9);
    const found = planted.filter((a) =>
      (flagsById.get(a.influencerId) ?? []).some(
        (f) =>
          f.kind === FLAG_FOR[a.kind] &&
          (a.date === undefined || (f.date !== undefined && Math.abs(daysBetween(a.date, f.date)) <= 1)),
      ),
    );
    expect(found.length / planted.length).toBeGreaterThanOrEqual(0.8);

    // Influencers with a series but nothing planted: spikes and drops should be rare.
    const plantedIds = new Set(planted.map((a) => a.influencerId));
    const clean = inputs.filter((i) => !plantedIds.has(i.id) && (i.snapshots?.length ?? 0) > 0);
    const falseAlarms = clean.filter((i) =>
      (flagsById.get(i.id) ?? []).some((f) => f.kind === "follower_spike" || f.kind === "sharp_drop"),
    );
    expect(clean.length).toBeGreaterThan(50);
    expect(falseAlarms.length / clean.length).toBeLessThan(0.05);
    const uniformAlarms = inputs.filter(
      (i) => !plantedIds.has(i.id) && (flagsById.get(i.id) ?? []).some((f) => f.kind === "uniform_likes"),
    );
    expect(uniformAlarms.length / inputs.length).toBeLessThan(0.01);
  });
});
