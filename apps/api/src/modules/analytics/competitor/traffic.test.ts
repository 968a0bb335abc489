import { describe, expect, it } from "vitest";
import { type TrafficMonth, trafficByCountry, websiteMetrics } from "./traffic";

const row = (
  month: string,
  country: string,
  visits: number,
  searchVisits: number,
  pagesPerVisit: number,
  avgDuration: number,
  backlinks: number,
): TrafficMonth => ({
  month,
  country,
  visits,
  searchVisits,
  pagesPerVisit,
  avgDuration,
  backlinks,
  engagedSessions: null,
  engagementSeconds: null,
});

const rows: TrafficMonth[] = [
  row("2026-01", "US", 300, 100, 2, 40, 2000),
  row("2026-01", "GB", 600, 300, 3, 100, 2000),
  row("2026-01", "FR", 100, 50, 1, 10, 2000),
  row("2025-12", "GB", 400, 200, 2.4, 71, 1900),
  row("2025-12", "US", 400, 250, 2.4, 71, 1900),
  // Incomplete at the window end below: never read.
  row("2026-02", "DE", 5000, 0, 9, 900, 9000),
];

describe("trafficByCountry", () => {
  it("shares the latest complete month's visits by alpha-3 country, largest first", () => {
    const { entries, month } = trafficByCountry(rows, { from: "2026-01-15", to: "2026-02-10" });
    expect(month).toBe("2026-01");
    expect(entries.map((e) => e.countryId)).toEqual(["GBR", "USA", "FRA"]);
    expect(entries.map((e) => e.visitsShare)).toEqual([0.6, 0.3, 0.1]);
    expect(entries.reduce((s, e) => s + e.visitsShare, 0)).toBeCloseTo(1, 12);
  });

  it("falls back to the month before when the window ends mid-month", () => {
    const { entries, month } = trafficByCountry(rows, { from: "2026-01-20", to: "2026-01-30" });
    expect(month).toBe("2025-12");
    expect(entries).toEqual([
      { countryId: "GBR", visitsShare: 0.5 },
      { countryId: "USA", visitsShare: 0.5 },
    ]);
  });

  it("gives no entries when the month has no visits or there is no month", () => {
    expect(
      trafficByCountry([row("2026-01", "GB", 0, 0, 0, 0, 1)], { from: "2026-01-01", to: "2026-01-31" }),
    ).toEqual({ entries: [], month: "2026-01", measure: null });
    expect(trafficByCountry(rows, { from: "2025-11-01", to: "2025-11-30" })).toEqual({
      entries: [],
      month: null,
      measure: null,
    });
  });
});

/** A GA4 country export without Sessions: engaged sessions and engagement time, nothing else. */
const ga4 = (month: string, country: string, engagedSessions: number): TrafficMonth => ({
  month,
  country,
  visits: null,
  searchVisits: null,
  pagesPerVisit: null,
  avgDuration: null,
  backlinks: null,
  engagedSessions,
  engagementSeconds: engagedSessions * 60,
});

describe("traffic from a GA4 export without sessions", () => {
  const window = { from: "2026-01-01", to: "2026-01-31" };
  const months = [ga4("2026-01", "GB", 30), ga4("2026-01", "US", 10), ga4("2026-01", "unknown", 60)];

  it("shares the engaged sessions by country, and says so; unplaced ones stay off the map", () => {
    expect(trafficByCountry(months, window)).toEqual({
      entries: [
        { countryId: "GBR", visitsShare: 0.75 },
        { countryId: "USA", visitsShare: 0.25 },
      ],
      month: "2026-01",
      measure: "engagedSessions",
    });
  });

  it("shows every metric it cannot give as not available with why, never 0", () => {
    const figures = websiteMetrics(months, window);
    for (const figure of figures) {
      expect(figure).toMatchObject({ value: null, status: "not_available" });
      expect(figure.reason).toMatch(/\.$/);
    }
    expect(figures.find((f) => f.metric === "backLinks")?.reason).toMatch(/gives backlinks/);
  });
});

describe("websiteMetrics", () => {
  const byMetric = (window: { from: string; to: string }) =>
    Object.fromEntries(websiteMetrics(rows, window).map(({ metric, ...figure }) => [metric, figure]));

  it("sums visits, weights per-visit averages by visits and takes backlinks once", () => {
    const m = byMetric({ from: "2026-01-01", to: "2026-01-31" });
    expect(m.overallTraffic).toMatchObject({
      value: 1000,
      previous: 800,
      change: 0.25,
      direction: "increase",
    });
    expect(m.searchTraffic).toMatchObject({ value: 450, previous: 450, direction: "unchanged" });
    expect(m.pagesPerVisit?.value).toBeCloseTo(2.5, 12);
    expect(m.pagesPerVisit?.direction).toBe("increase");
    expect(m.avgDuration?.value).toBeCloseTo(73, 12);
    // +2 s is +2.8 % but under the 3 s display resolution.
    expect(m.avgDuration?.direction).toBe("unchanged");
    expect(m.backLinks).toMatchObject({
      value: 2000,
      previous: 1900,
      direction: "increase",
      status: "ok",
      n: 3,
    });
  });

  it("marks a month without its previous month as insufficient history, keeping the value", () => {
    const m = byMetric({ from: "2025-12-01", to: "2025-12-31" });
    expect(m.overallTraffic).toMatchObject({ value: 800, previous: null, status: "insufficient_history" });
    expect(m.overallTraffic?.direction).toBeNull();
  });

  it("gives null figures, never 0, without data", () => {
    const figures = websiteMetrics([], { from: "2026-01-01", to: "2026-01-31" });
    expect(figures).toHaveLength(5);
    for (const f of figures) expect(f).toMatchObject({ value: null, status: "no_data" });
  });
});
