import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, jobsDone, type TestApp } from "../../../test/app";
import { contractSender, ownBrandWorkspace, type Send, uploadAndCompute } from "../../../test/workspaces";
import { trafficMonths } from "../../db/schema";
import { loadContract } from "../../http/contract";

type Schemas = components["schemas"];

// GA4 traffic exports (real files' structure, values invented: docs/import-formats.md "Real exports") imported for
// a real brand with the real job queue: what each stores, what the competitor screen then shows, and what it
// cannot show (metrics no uploaded source gives), with no sample row anywhere.
const REAL = join(import.meta.dirname, "../../../test/fixtures/real-exports/ga4-traffic");
const fixture = (name: string) => readFileSync(join(REAL, name));

let t: TestApp;
let send: Send;
beforeAll(async () => {
  t = await buildTestApp({ env: { SAMPLE_DATA: "off" }, jobs: { retryDelaySeconds: 1 } });
  send = contractSender(t, await loadContract());
});
afterAll(async () => {
  await t?.close();
});

const workspace = () => ownBrandWorkspace(t);

/** Uploads a GA4 export, then waits for the figures job it queued. */
const upload = (authorization: string, data: Buffer, fields: Record<string, string> = {}) =>
  uploadAndCompute(t, send, authorization, { name: "Demographic_details_Country.csv", data }, fields);

const trafficOf = (brandId: string) =>
  t.database.db
    .select()
    .from(trafficMonths)
    .where(eq(trafficMonths.brandId, brandId))
    .orderBy(asc(trafficMonths.month), asc(trafficMonths.country));

const competitorScreen = async (authorization: string) => {
  const response = await send("getCompetitorAnalytics", authorization, {
    query: { period: "custom", from: "2026-07-01", to: "2026-09-30" },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Schemas["CompetitorAnalytics"]>();
};

const stored =
  /^(\d+) rows of GA4 traffic stored as your website's visits by country for (.+)\. They replace/;
const noSessions =
  /^The file has no Sessions column, so overall traffic and visit duration are not available/;

const cases: Record<
  string,
  { rows: number; months: number; firstDay: string; lastDay: string; period: string; notes: RegExp[] }
> = {
  // By country only, for one whole month; a country with events but no users (Iceland) is a row too.
  "slohgpt.csv": {
    rows: 9,
    months: 9,
    firstDay: "2026-08-01",
    lastDay: "2026-08-31",
    period: "August 2026",
    notes: [stored, noSessions],
  },
  // By country and day over two months; "(other)" is kept as the unknown country, every GA4 name placed.
  "loc32142.csv": {
    rows: 16,
    months: 16,
    firstDay: "2026-07-01",
    lastDay: "2026-08-31",
    period: "July 2026, August 2026",
    notes: [stored, noSessions],
  },
};

describe("GA4 traffic import: real exports", () => {
  it("has an expectation for every fixture", () => {
    expect(readdirSync(REAL).sort()).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.keys(cases))("imports %s", async (file) => {
    const c = cases[file];
    if (!c) throw new Error(`no expectation for ${file}`);
    const w = await workspace();
    const response = await upload(w.authorization, fixture(file));
    expect(response.statusCode).toBe(201);
    const body = response.json<Schemas["Import"]>();
    expect(body).toMatchObject({
      format: "ga4-traffic",
      status: "completed",
      rows: c.rows,
      imported: c.months,
      firstDay: c.firstDay,
      lastDay: c.lastDay,
      holds: { posts: 0, searchQueries: 0, audienceSegments: 0, trafficMonths: c.months },
    });
    const notes = body.errors.map((e) => e.message);
    expect(notes).toHaveLength(c.notes.length);
    for (const note of c.notes) expect(notes.some((n) => note.test(n))).toBe(true);
    expect(notes.find((n) => stored.test(n))).toContain(c.period);
    const rows = await trafficOf(w.own.id);
    expect(rows).toHaveLength(c.months);
    for (const row of rows) {
      expect(row).toMatchObject({ source: "csv_import", importId: body.id, visits: null, backlinks: null });
    }
  });
});

describe("GA4 traffic import: the competitor screen", () => {
  it("shows the file's countries and says which metrics no uploaded source gives; removing the import empties it", async () => {
    const w = await workspace();
    const response = await upload(w.authorization, fixture("loc32142.csv"));
    expect(response.statusCode).toBe(201);

    const rows = await trafficOf(w.own.id);
    // The US's two August rows... one row a day; July and August apart, "(other)" as the unknown country.
    const us = rows.filter((r) => r.country === "US");
    expect(us.map((r) => [r.month, r.engagedSessions])).toEqual([
      ["2026-07-01", 688],
      ["2026-08-01", 901],
    ]);
    expect(rows.find((r) => r.country === "unknown")).toMatchObject({
      month: "2026-08-01",
      engagedSessions: 0,
    });
    expect(rows.find((r) => r.country === "CI" && r.month === "2026-08-01")?.engagedSessions).toBe(322);
    expect(rows.some((r) => r.country === "MM")).toBe(true);
    expect(rows.some((r) => r.country === "CD")).toBe(true);
    // Engagement seconds: GA4's average per active user times the users.
    expect(us[1]?.engagementSeconds).toBeCloseTo(190.2241379310345 * 812, 6);

    const screen = await competitorScreen(w.authorization);
    const brand = screen.common.brand;
    expect(brand.sample).toBe(false);
    // The screen's source line names the export its web metrics rest on.
    expect(screen.common.provenance).toMatchObject({ source: "csv_import", sourceName: "ga4-traffic" });
    // August, the latest complete month by 30 September: shares of engaged sessions, the file having no Sessions.
    expect(brand.trafficMeasure).toBe("engagedSessions");
    const august = rows.filter((r) => r.month === "2026-08-01" && r.country !== "unknown");
    const total = august.reduce((sum, r) => sum + (r.engagedSessions ?? 0), 0);
    expect(brand.trafficByCountry[0]).toEqual({ countryId: "USA", visitsShare: 901 / total });
    expect(brand.trafficByCountry.map((e) => e.countryId).sort()).toEqual(
      ["BIH", "CIV", "GBR", "KNA", "MMR", "TTO", "USA"].sort(),
    );
    const metric = (name: Schemas["MetricName"]) => brand.metrics.find((m) => m.metric === name);
    for (const name of [
      "overallTraffic",
      "searchTraffic",
      "pagesPerVisit",
      "avgDuration",
      "backLinks",
    ] as const) {
      expect(metric(name)).toMatchObject({ value: null, status: "not_available" });
    }
    expect(metric("backLinks")?.reason).toBe(
      "None of the exports Brandscope reads gives backlinks: GA4 measures the visits to your own site only.",
    );
    expect(metric("overallTraffic")?.reason).toMatch(/no Sessions column/);
    // The competitor has no traffic of its own: nothing borrowed from the brand or the sample.
    const rival = screen.competitors.find((c) => c.id === w.rival.id);
    expect(rival?.trafficByCountry).toEqual([]);
    expect(rival?.trafficMeasure).toBeNull();

    const removed = await send("deleteImport", w.authorization, { params: { id: response.json().id } });
    expect(removed.statusCode).toBe(204);
    await jobsDone(t);
    expect(await trafficOf(w.own.id)).toEqual([]);
    const emptied = await competitorScreen(w.authorization);
    expect(emptied.common.brand.trafficByCountry).toEqual([]);
    expect(emptied.common.provenance).toMatchObject({ source: "website", sourceName: null });
  });

  it("fills overall traffic and visit duration from a report with Sessions, and replaces a month on re-import", async () => {
    const w = await workspace();
    // GA4's Traffic acquisition and customised reports add the Sessions metric and its per-session engagement
    // time (docs/import-formats.md §11); the same preamble and country names.
    const withSessions = (us: number, gb: number) =>
      Buffer.from(
        [
          "# ----------------------------------------",
          "# Demographic details: Country",
          "# Account: LUMORA LABS",
          "# Property: Lumora_Web",
          "# ----------------------------------------",
          "# ",
          "# All Users",
          "# Start date: 20260701",
          "# End date: 20260831",
          "Country,Date,Sessions,Engaged sessions,Average engagement time per session",
          `United States,20260715,${us},${us - 100},60`,
          `United Kingdom,20260715,${gb},${gb - 100},30`,
          `United States,20260815,${us * 2},${us},90`,
          `United Kingdom,20260815,${gb * 2},${gb},45`,
        ].join("\n"),
      );
    const first = await upload(w.authorization, withSessions(600, 200));
    expect(first.statusCode).toBe(201);
    expect(
      first
        .json<Schemas["Import"]>()
        .errors.map((e) => e.message)
        .join("\n"),
    ).not.toMatch(noSessions);

    const screen = await competitorScreen(w.authorization);
    const brand = screen.common.brand;
    expect(brand.trafficMeasure).toBe("visits");
    expect(brand.trafficByCountry).toEqual([
      { countryId: "USA", visitsShare: 0.75 },
      { countryId: "GBR", visitsShare: 0.25 },
    ]);
    const metric = (name: Schemas["MetricName"]) => brand.metrics.find((m) => m.metric === name);
    expect(metric("overallTraffic")).toMatchObject({ value: 1600, previous: 800, change: 1, status: "ok" });
    // Engagement time over the sessions: (1200 × 90 + 400 × 45) / 1600 in August, (600 × 60 + 200 × 30) / 800 before.
    expect(metric("avgDuration")?.value).toBeCloseTo((1200 * 90 + 400 * 45) / 1600, 6);
    expect(metric("avgDuration")?.previous).toBeCloseTo((600 * 60 + 200 * 30) / 800, 6);
    expect(metric("backLinks")).toMatchObject({ value: null, status: "not_available" });

    // A newer export of the same months replaces them, and the first import then holds none.
    const second = await upload(w.authorization, withSessions(300, 300));
    expect(second.statusCode).toBe(201);
    const list = (await send("listImports", w.authorization, {})).json<Schemas["Import"][]>();
    expect(list.find((i) => i.id === first.json().id)?.holds.trafficMonths).toBe(0);
    expect(list.find((i) => i.id === second.json().id)?.holds.trafficMonths).toBe(4);
    const after = (await competitorScreen(w.authorization)).common.brand;
    expect(after.trafficByCountry).toEqual([
      { countryId: "GBR", visitsShare: 0.5 },
      { countryId: "USA", visitsShare: 0.5 },
    ]);
  });

  it("is refused for a competitor: GA4 measures the brand's own website", async () => {
    const w = await workspace();
    const refused = await upload(w.authorization, fixture("slohgpt.csv"), { brandId: w.rival.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(
      /visits of your own website, so they can only be imported for your brand/,
    );
    expect(await trafficOf(w.rival.id)).toEqual([]);
  });

  it("does not store a total over several months: it cannot be split into months", async () => {
    const w = await workspace();
    const text = fixture("slohgpt.csv")
      .toString("utf8")
      .replace("# Start date: 20260801", "# Start date: 20260601");
    const response = await upload(w.authorization, Buffer.from(text));
    expect(response.statusCode).toBe(201);
    const body = response.json<Schemas["Import"]>();
    expect(body.imported).toBe(0);
    expect(body.errors.map((e) => e.message)).toEqual([
      "9 rows of GA4 traffic read but not stored: its rows are totals for 2026-06-01 to 2026-08-31, more than one " +
        "calendar month, which cannot be split into months: export one month at a time, or add the Date dimension " +
        "to the report.",
    ]);
    expect(await trafficOf(w.own.id)).toEqual([]);
  });
});
