import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FULL_SCALE, generateSample, HISTORY_DAYS, type SampleDataset } from "./generate";
import { INDUSTRIES } from "./industries";
import { PLATFORM_PROFILES, PLATFORMS } from "./vocabulary";

const SMALL = 0.01;

function fingerprint(data: SampleDataset): string {
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify({ brands: data.brands, accounts: data.accounts, anomalies: data.plantedAnomalies }),
  );
  const streams = [
    data.followerSnapshots(),
    data.posts(),
    data.traffic(),
    data.keywords(),
    data.audienceSegments(),
    data.influencers(),
    data.influencerSnapshots(),
  ];
  for (const stream of streams) for (const row of stream) hash.update(JSON.stringify(row));
  return hash.digest("hex");
}

function count(rows: Iterable<unknown>): number {
  let n = 0;
  for (const _ of rows) n++;
  return n;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

describe("determinism", () => {
  it("gives identical output for the same seed, in any order of consumption", () => {
    const a = generateSample({ seed: 42, scale: SMALL });
    const b = generateSample({ seed: 42, scale: SMALL });
    // Consume b's posts first: streams do not share state.
    count(b.posts());
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).toBe(fingerprint(a));
  });

  it("gives different output for a different seed, with the same shape", () => {
    const a = generateSample({ seed: 1, scale: SMALL });
    const b = generateSample({ seed: 2, scale: SMALL });
    expect(fingerprint(a)).not.toBe(fingerprint(b));
    expect(a.counts.brands).toBe(b.counts.brands);
    expect(a.brands[0]?.id).not.toBe(b.brands[0]?.id);
  });

  it("ends the history at `now` (floored to its UTC day)", () => {
    const data = generateSample({ scale: SMALL, now: "2025-06-15T13:45:00Z" });
    expect(data.to.toISOString()).toBe("2025-06-15T00:00:00.000Z");
    expect(data.to.getTime() - data.from.getTime()).toBe(HISTORY_DAYS * 86_400_000);
    expect(data.months).toEqual([
      "2024-06",
      "2024-07",
      "2024-08",
      "2024-09",
      "2024-10",
      "2024-11",
      "2024-12",
      "2025-01",
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
    ]);
  });

  it("rejects a bad scale or date", () => {
    expect(() => generateSample({ scale: 0 })).toThrow();
    expect(() => generateSample({ scale: 2 })).toThrow();
    expect(() => generateSample({ now: "not a date" })).toThrow();
  });
});

describe("counts", () => {
  it("meets the issue's minimums at full scale (counted without generating)", () => {
    const { counts, brands } = generateSample();
    expect(counts.brands).toBeGreaterThanOrEqual(30);
    expect(new Set(brands.map((b) => b.industry)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(brands.map((b) => b.country)).size).toBeGreaterThanOrEqual(10);
    expect(counts.posts).toBeGreaterThanOrEqual(200_000);
    expect(counts.influencers).toBeGreaterThanOrEqual(20_000);
    expect(counts.keywords).toBeGreaterThanOrEqual(5_000);
    expect(counts.audienceSegments).toBeGreaterThanOrEqual(30 * 20);
    expect(counts.followerSnapshots).toBe(counts.accounts * HISTORY_DAYS);
    expect(counts.traffic).toBeGreaterThanOrEqual(30 * 12 * 5);
  });

  it("streams exactly the announced counts, and volumes scale linearly", () => {
    const data = generateSample({ scale: 0.1 });
    expect(count(data.posts())).toBe(data.counts.posts);
    expect(count(data.influencers())).toBe(data.counts.influencers);
    expect(count(data.keywords())).toBe(data.counts.keywords);
    expect(count(data.audienceSegments())).toBe(data.counts.audienceSegments);
    expect(count(data.followerSnapshots())).toBe(data.counts.followerSnapshots);
    expect(count(data.traffic())).toBe(data.counts.traffic);
    expect(count(data.influencerSnapshots())).toBe(data.counts.influencerSnapshots);
    const full = generateSample().counts;
    expect(data.counts.posts * 10).toBe(full.posts);
    expect(data.counts.influencers * 10).toBe(full.influencers);
    expect(data.counts.keywords * 10).toBe(full.keywords);
    // Series: every 10th influencer, plus the planted anomalies (a fixed handful, not scaled).
    expect(Math.abs(data.counts.influencerSnapshots * 10 - full.influencerSnapshots)).toBeLessThan(
      full.influencerSnapshots * 0.06,
    );
  });
});

describe("brands and accounts", () => {
  const data = generateSample({ scale: SMALL });

  it("builds brands with example websites, logos, accounts and a same-industry landscape", () => {
    const industryIds = new Set(INDUSTRIES.map((i) => i.id));
    for (const brand of data.brands) {
      expect(brand.website).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      expect(brand.logo).toMatch(/^\/sample\/logos\/[a-z0-9-]+\.svg$/);
      expect(industryIds.has(brand.industry)).toBe(true);
      expect(brand.country).toMatch(/^[A-Z]{2}$/);
      expect(brand.competitorIds.length).toBeGreaterThanOrEqual(5);
      expect(brand.pillars.length).toBeGreaterThanOrEqual(3);
      const accounts = data.accounts.filter((a) => a.brandId === brand.id);
      expect(accounts.length).toBeGreaterThanOrEqual(3);
      for (const competitorId of brand.competitorIds) {
        expect(data.brands.find((b) => b.id === competitorId)?.industry).toBe(brand.industry);
      }
    }
    expect(data.brands.filter((b) => b.focus).map((b) => b.id)).toEqual([data.focusBrandId]);
    expect(data.brands.find((b) => b.focus)?.website).toBe("https://lumora-coffee.example");
    expect(new Set(data.brands.map((b) => b.id)).size).toBe(data.brands.length);
  });

  it("keeps ids stable across runs (UUID v5)", () => {
    const again = generateSample({ scale: 0.02 });
    expect(again.brands.map((b) => b.id)).toEqual(data.brands.map((b) => b.id));
    expect(again.accounts.map((a) => a.id)).toEqual(data.accounts.map((a) => a.id));
    for (const b of data.brands)
      expect(b.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("has a daily follower snapshot per account inside the history", () => {
    const perAccount = new Map<string, number>();
    const fromDay = data.from.toISOString().slice(0, 10);
    const toDay = data.to.toISOString().slice(0, 10);
    for (const s of data.followerSnapshots()) {
      perAccount.set(s.accountId, (perAccount.get(s.accountId) ?? 0) + 1);
      expect(s.date >= fromDay && s.date < toDay).toBe(true);
      expect(s.followers).toBeGreaterThan(0);
    }
    expect([...perAccount.values()].every((n) => n === HISTORY_DAYS)).toBe(true);
    expect(perAccount.size).toBe(data.accounts.length);
  });
});

describe("posts", () => {
  const data = generateSample({ scale: 0.05 });
  const posts = [...data.posts()];

  it("are valid: platforms, formats, text, counts, null shares and views where not exposed, in the window", () => {
    const accountIds = new Set(data.accounts.map((a) => a.id));
    const ids = new Set<string>();
    for (const p of posts) {
      expect(PLATFORMS).toContain(p.platform);
      const profile = PLATFORM_PROFILES[p.platform];
      expect(Object.keys(profile.formats)).toContain(p.format);
      expect(p.text.trim().length).toBeGreaterThan(10);
      expect(accountIds.has(p.accountId)).toBe(true);
      expect(p.likes).toBeGreaterThanOrEqual(0);
      expect(p.comments).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(p.likes) && Number.isInteger(p.comments)).toBe(true);
      if (profile.shares) expect(p.shares).not.toBeNull();
      else expect(p.shares).toBeNull();
      if (profile.viewFormats.includes(p.format)) {
        expect(p.views).not.toBeNull();
        expect(p.likes).toBeLessThanOrEqual(p.views ?? 0);
      } else expect(p.views).toBeNull();
      expect(p.postedAt.getTime()).toBeGreaterThanOrEqual(data.from.getTime());
      expect(p.postedAt.getTime()).toBeLessThan(data.to.getTime());
      expect(p.url).toMatch(/^https:\/\/[a-z.]+\.example\//);
      if (p.platform === "twitter") expect(p.text.length).toBeLessThanOrEqual(280);
      ids.add(p.id);
    }
    expect(ids.size).toBe(posts.length);
    expect(new Set(posts.map((p) => p.url)).size).toBe(posts.length);
  });

  it("cover the whole year, several formats per platform, and all three tones", () => {
    const months = new Set(posts.map((p) => p.postedAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    for (const platform of ["instagram", "facebook", "linkedin"] as const) {
      expect(
        new Set(posts.filter((p) => p.platform === platform).map((p) => p.format)).size,
      ).toBeGreaterThanOrEqual(3);
    }
    const tones = new Map<string, number>();
    for (const p of posts) tones.set(p.tone, (tones.get(p.tone) ?? 0) + 1);
    expect((tones.get("negative") ?? 0) / posts.length).toBeGreaterThan(0.02);
    expect((tones.get("neutral") ?? 0) / posts.length).toBeGreaterThan(0.05);
    expect((tones.get("positive") ?? 0) / posts.length).toBeGreaterThan(0.6);
    expect(posts.filter((p) => p.text.includes("#")).length / posts.length).toBeGreaterThan(0.5);
    expect(posts.some((p) => /@[a-z]+[a-z]\.[a-z]+/.test(p.text))).toBe(true);
  });

  it("give every brand 3–8 topic pillars and a weekday rhythm", () => {
    for (const brand of data.brands) {
      const own = posts.filter((p) => p.brandId === brand.id && p.tone === "positive");
      const topics = new Set(own.map((p) => p.topic));
      expect(topics.size).toBeGreaterThanOrEqual(3);
      expect(topics.size).toBeLessThanOrEqual(8);
    }
    const saas = new Set(data.brands.filter((b) => b.industry === "saas").map((b) => b.id));
    const b2b = posts.filter((p) => saas.has(p.brandId));
    const weekend = b2b.filter((p) => [0, 6].includes(p.postedAt.getUTCDay())).length / b2b.length;
    expect(weekend).toBeLessThan(2 / 7);
  });

  it("have heavy-tailed engagement, consistent with followers", () => {
    const engagement = (p: (typeof posts)[number]) => p.likes + p.comments + (p.shares ?? 0);
    for (const platform of ["instagram", "facebook"] as const) {
      const values = posts
        .filter((p) => p.platform === platform)
        .map(engagement)
        .sort((a, b) => a - b);
      const median = quantile(values, 0.5);
      expect(median).toBeGreaterThan(0);
      expect(quantile(values, 0.99) / median).toBeGreaterThan(8);
    }
    // Bigger accounts get more engagement: compare the median of the top and bottom follower thirds.
    const latest = new Map<string, number>();
    for (const s of data.followerSnapshots()) latest.set(s.accountId, s.followers);
    const igAccounts = data.accounts
      .filter((a) => a.platform === "instagram")
      .sort((a, b) => (latest.get(a.id) ?? 0) - (latest.get(b.id) ?? 0));
    const third = Math.floor(igAccounts.length / 3);
    const medianOf = (ids: Set<string>) =>
      quantile(
        posts
          .filter((p) => ids.has(p.accountId))
          .map(engagement)
          .sort((a, b) => a - b),
        0.5,
      );
    const small = medianOf(new Set(igAccounts.slice(0, third).map((a) => a.id)));
    const large = medianOf(new Set(igAccounts.slice(-third).map((a) => a.id)));
    expect(large).toBeGreaterThan(small * 3);
  });
});

describe("traffic, keywords and audience segments", () => {
  const data = generateSample({ scale: 0.05 });

  it("traffic covers 12 complete months per brand and country with sane metrics", () => {
    const rows = [...data.traffic()];
    for (const brand of data.brands) {
      const own = rows.filter((r) => r.brandId === brand.id);
      expect(new Set(own.map((r) => r.month))).toEqual(new Set(data.months));
      expect(new Set(own.map((r) => r.country)).size).toBeGreaterThanOrEqual(6);
      expect(own.some((r) => r.country === brand.country)).toBe(true);
    }
    for (const r of rows) {
      expect(r.searchVisits).toBeLessThanOrEqual(r.visits);
      expect(r.pagesPerVisit).toBeGreaterThan(1);
      expect(r.avgDuration).toBeGreaterThan(0);
      expect(r.backlinks).toBeGreaterThan(0);
    }
  });

  it("keywords are unique per country with 12-month series, cpc and competition", () => {
    const rows = [...data.keywords()];
    expect(new Set(rows.map((k) => `${k.keyword}|${k.country}`)).size).toBe(rows.length);
    expect(new Set(rows.map((k) => k.id)).size).toBe(rows.length);
    for (const k of rows) {
      expect(k.monthlyVolumes.map((m) => m.month)).toEqual(data.months);
      expect(k.cpc).toBeGreaterThan(0);
      expect(k.competition).toBeGreaterThanOrEqual(0);
      expect(k.competition).toBeLessThanOrEqual(100);
    }
    expect(rows.some((k) => k.brandId !== null)).toBe(true);
    expect(new Set(rows.map((k) => k.industry)).size).toBe(INDUSTRIES.length);
  });

  it("audience segments carry demographics, normalised interests and platform affinity", () => {
    const rows = [...data.audienceSegments()];
    expect(new Set(rows.map((s) => s.id)).size).toBe(rows.length);
    for (const s of rows) {
      const interestSum = s.interests.reduce((a, i) => a + i.weight, 0);
      expect(interestSum).toBeCloseTo(1, 1);
      const affinitySum = Object.values(s.platformAffinity).reduce((a, b) => a + b, 0);
      expect(affinitySum).toBeCloseTo(1, 1);
      expect(s.size).toBeGreaterThan(0);
    }
  });
});

describe("influencers", () => {
  const data = generateSample({ scale: 0.05 });
  const influencers = [...data.influencers()];

  it("have profiles, audience demographics and 12 recent posts in the last 90 days", () => {
    expect(new Set(influencers.map((i) => i.handle)).size).toBe(influencers.length);
    for (const inf of influencers) {
      expect(inf.topics.length).toBeGreaterThan(0);
      expect(inf.followers).toBeGreaterThanOrEqual(800);
      expect(Object.values(inf.audience.genders).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
      expect(inf.recentPosts).toHaveLength(FULL_SCALE.influencerRecentPosts);
      let previous = Number.POSITIVE_INFINITY;
      for (const p of inf.recentPosts) {
        expect(p.postedAt.getTime()).toBeLessThan(previous);
        expect(p.postedAt.getTime()).toBeGreaterThan(data.to.getTime() - 90 * 86_400_000);
        if (p.views !== null) expect(p.likes).toBeLessThanOrEqual(p.views);
        previous = p.postedAt.getTime();
      }
    }
  });

  it("plant detectable anomalies: a follower spike, a purge drop and uniform likes", () => {
    const series = new Map<string, number[]>();
    for (const s of data.influencerSnapshots()) {
      const list = series.get(s.influencerId) ?? [];
      list.push(s.followers);
      series.set(s.influencerId, list);
    }
    const kinds = new Set(data.plantedAnomalies.map((a) => a.kind));
    expect(kinds).toEqual(new Set(["follower_spike", "purge_drop", "uniform_likes"]));
    const cv = (values: number[]) => {
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length) / mean;
    };
    for (const anomaly of data.plantedAnomalies) {
      const inf = influencers.find((i) => i.id === anomaly.influencerId);
      expect(inf).toBeDefined();
      if (anomaly.kind === "uniform_likes") {
        expect(cv(inf?.recentPosts.map((p) => p.likes) ?? [])).toBeLessThan(0.1);
        continue;
      }
      const values = series.get(anomaly.influencerId) ?? [];
      expect(values.length).toBe(FULL_SCALE.influencerSeriesDays);
      expect(values.at(-1)).toBe(inf?.followers);
      const deltas = values.slice(1).map((v, i) => v - (values[i] ?? v));
      if (anomaly.kind === "follower_spike") {
        const sorted = [...deltas].sort((a, b) => a - b);
        const median = quantile(sorted, 0.5);
        const mad = quantile(
          deltas.map((d) => Math.abs(d - median)).sort((a, b) => a - b),
          0.5,
        );
        const max = Math.max(...deltas);
        expect((0.6745 * (max - median)) / mad).toBeGreaterThanOrEqual(3.5);
        expect(max).toBeGreaterThanOrEqual(Math.max(500, 0.01 * (inf?.followers ?? 0)));
      } else {
        const drops = values.slice(3).map((v, i) => v / (values[i] ?? v) - 1);
        expect(Math.min(...drops)).toBeLessThanOrEqual(-0.02);
      }
    }
    // Unplanted profiles rarely look uniform.
    const planted = new Set(data.plantedAnomalies.map((a) => a.influencerId));
    const uniform = influencers.filter(
      (i) => !planted.has(i.id) && cv(i.recentPosts.map((p) => p.likes)) < 0.1,
    );
    expect(uniform.length / influencers.length).toBeLessThan(0.01);
  });
});
