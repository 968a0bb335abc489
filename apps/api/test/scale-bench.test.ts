import { afterAll, describe, expect, it } from "vitest";
import { cleanUp } from "../../../scripts/bench/cleanups";
import { formatReport, MODULE_READS, runScaleBench, type ScaleReport } from "../../../scripts/bench/scale";
import { RATES_PER_DAY } from "../../../scripts/bench/scale-data";

/**
 * `npm run bench:scale` (scripts/bench/scale.ts, docs/scale.md) at three workspaces: the builder makes the sizes it
 * says (a year of posts at the stated rates, daily snapshots, a shared pool of companies stored once), and the
 * report has every section with figures in it.
 */
describe("the scale benchmark", { timeout: 10 * 60_000 }, () => {
  afterAll(cleanUp, 60_000);

  it("builds three workspaces of a year's data and reports every section", async () => {
    const report: ScaleReport = await runScaleBench({
      workspaces: 3,
      recompute: 1,
      rounds: 2,
      changed: 1,
      freshness: 1,
      hot: 2,
      seed: 33,
    });
    const { rows } = report.sizes;
    // Three own brands and a pool of twelve companies, each stored once however many workspaces follow it.
    const companies = 3 + 12;
    expect(report.sizes).toMatchObject({ workspaces: 3, poolCompanies: 12, companies });
    expect(rows.brands).toBe(companies);
    expect(rows.workspace_brands).toBe(3);
    // The first workspace (Enterprise) follows ten, the others three to ten.
    expect(report.enterpriseFirstRead.competitors).toBe(10);
    expect(rows.brand_competitors).toBeGreaterThanOrEqual(10 + 3 + 3);
    expect(rows.brand_competitors).toBeLessThanOrEqual(30);
    // A year at the stated rates: Facebook, Instagram, LinkedIn and X always, YouTube and TikTok for some;
    // each company's activity is 0.5–1.5 times the average (the import's 30 posts come on top).
    const always =
      RATES_PER_DAY.facebook + RATES_PER_DAY.instagram + RATES_PER_DAY.linkedin + RATES_PER_DAY.twitter;
    const all = always + RATES_PER_DAY.youtube + RATES_PER_DAY.tiktok;
    expect(rows.posts).toBeGreaterThanOrEqual(Math.floor(companies * 365 * 0.5 * always) - companies * 4);
    expect(rows.posts).toBeLessThanOrEqual(Math.ceil(companies * 365 * 1.5 * all) + companies * 6);
    // Daily follower snapshots: a year per account.
    expect(rows.follower_snapshots).toBe((rows.social_accounts ?? 0) * 365);
    expect(rows.website_articles).toBe(companies * 104);
    expect(rows.traffic_months).toBe(companies * 12 * 8);
    // The own brands' imports: 150 keywords, 40 audience segments, 40 creators, six completed imports each.
    expect(rows.keywords).toBe(3 * 150);
    expect(rows.audience_segments).toBe(3 * 40);
    expect(rows.own_creators).toBe(3 * 40);
    expect(rows.imports).toBe(3 * 6);
    expect(rows.connections).toBeGreaterThanOrEqual(3);

    // Every section measured something.
    for (const { module } of MODULE_READS) {
      expect(report.coldReads[module].all.n, module).toBe(2 * 2);
      expect(report.hotReads[module].n, module).toBe(2 * 2);
      expect(report.coldAfterChange[module].n, module).toBe(1);
    }
    expect(report.recompute.brands).toBeGreaterThanOrEqual(11);
    expect(report.recompute.brandsPerMinutePerCore).toBeGreaterThan(0);
    expect(report.enterpriseFirstRead.beforeAnyRecomputeMs).toBeGreaterThan(0);
    expect(report.freshness.untilFreshMs.n).toBe(1);
    expect(report.storage.totalBytes).toBeGreaterThan(0);
    expect(report.storage.tables.find((t) => t.table === "posts")?.indexes.length).toBeGreaterThanOrEqual(3);
    expect(report.plans.length).toBeGreaterThan(0);
    const printed = formatReport(report);
    for (const section of [
      "## Sizes",
      "## Enterprise first read",
      "## Recompute throughput",
      "## Cold reads (",
      "## Cold reads after a change",
      "## Hot reads",
      "## Freshness",
      "## Storage",
      "## Plans",
    ]) {
      expect(printed).toContain(section);
    }
    expect(printed).toMatch(/Machine: \d+ cores .* GB memory/);
  });
});
