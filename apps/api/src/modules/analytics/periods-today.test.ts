import type { components } from "@brandscope/api-client/schema";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { readAfterFigureJobs, recordedJobs } from "../../../test/recorded-jobs";
import { type SeededUser, seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { createWorkerDeps } from "../../jobs/worker-deps";
import { DAY_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";
import { computeBrandJob } from "./compute-brand.job";
import { addDays, daysBetween } from "./periods";
import { queueNewDayRecomputes } from "./refresh";

type Content = components["schemas"]["ContentAnalytics"];

/*
 * Issue 28 §3, as a new marketer met it: an import of YouTube videos from last autumn and a website whose feed has
 * an article from this week. "30 days" must be the last thirty days, with the article in them and the export's age
 * said, not the thirty days the export ends on (docs/decisions.md "Periods").
 */
const EXPORT_DAYS = { from: "2025-09-03", to: "2025-10-02" };

const { jobs, recomputed, queued } = recordedJobs();
let t: TestApp;

const today = () => t.clock.now().toISOString().slice(0, 10);

async function ownBrand(user: SeededUser, name: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into brands (workspace_id, name, website, country, sample, status)
     values ($1, $2, 'https://example.com/', 'US', false, 'active') returning id`,
    [user.workspaceId, name],
  );
  const id = rows[0]?.id ?? "";
  await t.database.pool.query("insert into workspace_brands (workspace_id, brand_id) values ($1, $2)", [
    user.workspaceId,
    id,
  ]);
  // One YouTube video a day from the export, and a daily subscriber count.
  for (let i = 0; i <= daysBetween(EXPORT_DAYS.from, EXPORT_DAYS.to); i++) {
    const day = addDays(EXPORT_DAYS.from, i);
    await t.database.pool.query(
      `insert into posts (brand_id, platform, url, posted_at, text, format, likes, comments, shares, views, source)
       values ($1, 'youtube', $2, $3, 'A video', 'video', $4, $5, null, 1000, 'csv_import')`,
      [id, `https://youtube.com/watch?v=${name}-${day}`, `${day}T12:00:00Z`, 40 + ((i * 37) % 90), i % 7],
    );
    await t.database.pool.query(
      `insert into follower_snapshots (brand_id, platform, day, followers, source)
       values ($1, 'youtube', $2, $3, 'csv_import')`,
      [id, day, 5000 + i * 10],
    );
  }
  return id;
}

/** The website read found its feed twenty days ago; its newest article is from two days ago. */
async function freshWebsite(brandId: string) {
  const covered = addDays(today(), -20);
  await t.database.pool.query(
    `insert into website_reads (brand_id, last_run_at, last_success_at, source_url, dated_by, covered_from, articles)
     values ($1, $2, $2, 'https://example.com/feed.xml', 'feed', $3, 2)`,
    [brandId, t.clock.now(), `${covered}T00:00:00Z`],
  );
  for (const [days, slug] of [
    [-20, "first"],
    [-2, "this-week"],
  ] as const) {
    await t.database.pool.query(
      `insert into website_articles (brand_id, url, title, published_at, dated_by)
       values ($1, $2, $3, $4, 'feed')`,
      [brandId, `https://example.com/blog/${slug}`, `Article ${slug}`, `${addDays(today(), days)}T08:00:00Z`],
    );
  }
}

/** A token signed now: the tests move the clock by days, past a token's life, not the session's. */
const authorizationOf = async (user: SeededUser) =>
  `Bearer ${await signIdToken(user, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;

/** The brand's content once its figures' jobs have run (a first read answers 202 and queues them). */
async function content(user: SeededUser, query = ""): Promise<Content> {
  const response = await readAfterFigureJobs(t, { jobs, queued }, async () =>
    t.app.inject({
      method: "GET",
      url: `/api/content${query}`,
      headers: { authorization: await authorizationOf(user) },
    }),
  );
  expectContractResponse("getContent", response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Content>();
}

const workerDeps = () =>
  createWorkerDeps({
    db: t.database.db,
    config: t.config,
    log: pino({ level: "silent" }),
    clock: t.clock,
    jobs,
  });

let marketer: SeededUser;
let brandId: string;

beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs } });
  marketer = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  brandId = await ownBrand(marketer, "Fresh Feed");
  await freshWebsite(brandId);
  // The app's clock stood still while the data went in: move it past the data's change, as time would.
  t.clock.advance(60_000);
  return () => t.close();
});

describe("an own brand with an old import and a fresh website article", () => {
  it("ends its 30 days today, with the article in them and the export's age said", async () => {
    const body = await content(marketer, "?period=30d");
    expect(body.window).toEqual({ from: addDays(today(), -29), to: today() });
    expect(body.website.latest.map((a) => a.url)).toContain("https://example.com/blog/this-week");
    expect(body.sources).toEqual([
      {
        source: "website",
        platform: null,
        label: "Website",
        newest: addDays(today(), -2),
        behind: false,
        reason: null,
      },
      {
        source: "csv_import",
        platform: "youtube",
        label: "YouTube export",
        newest: EXPORT_DAYS.to,
        behind: true,
        reason: "YouTube export: newest video 2 Oct 2025 — upload a newer export or connect YouTube",
      },
    ]);
    // One source is in the period: nothing to offer.
    expect(body.newestPeriod).toBeNull();
  });

  it("lets a custom range reach today, not only the import's last day", async () => {
    const from = addDays(today(), -6);
    const body = await content(marketer, `?period=custom&from=${from}&to=${today()}`);
    expect(body.window).toEqual({ from, to: today() });
    const after = await t.app.inject({
      method: "GET",
      url: `/api/content?period=custom&from=${from}&to=${addDays(today(), 1)}`,
      headers: { authorization: marketer.authorization },
    });
    expectContractResponse("getContent", after);
    expect(after.statusCode).toBe(400);
    // Two years back, or the export's first day where that is older (brand-figures.ts periodBounds).
    const twoYearsBack = addDays(today(), -730);
    const [first] = [EXPORT_DAYS.from, twoYearsBack].sort();
    expect(after.json().message).toBe(`Choose dates between ${first} and ${today()}`);
  });

  it("does not serve a figure stored yesterday, and the daily refresh recomputes it", async () => {
    await computeBrandJob(workerDeps(), { brandId });
    const storedDay = today();
    t.clock.advance(DAY_MS);
    queued.length = 0;
    await queueNewDayRecomputes(workerDeps());
    expect(recomputed()).toContain(brandId);
    // Read before the job ran: the stored 30 days end yesterday, answered as they are while their recompute is
    // queued (never computed in the read); once the job has run, they end today.
    const before = await content(marketer, "?period=30d");
    expect(before.window.to).toBe(storedDay);
    expect(before.provenance.recomputing).toBe(true);
    await computeBrandJob(workerDeps(), { brandId });
    const body = await content(marketer, "?period=30d");
    expect(body.window.to).toBe(today());
    expect(body.window.to).not.toBe(storedDay);
    const stored = await t.database.pool.query<{ computed_at: Date }>(
      "select computed_at from figures where brand_id = $1 and module = 'content' and period_key = '30d'",
      [brandId],
    );
    expect(stored.rows[0]?.computed_at.toISOString().slice(0, 10)).toBe(today());
    // Now stored today: the next hourly run of the daily refresh queues nothing for it.
    queued.length = 0;
    await queueNewDayRecomputes(workerDeps());
    expect(recomputed()).not.toContain(brandId);
  });
});

describe("an own brand whose every source is older than the period", () => {
  it("is offered the period of the same length ending on its newest data, which reads as a custom range", async () => {
    const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    await ownBrand(user, "Old Export");
    t.clock.advance(60_000);
    const body = await content(user, "?period=30d");
    expect(body.window.to).toBe(today());
    expect(body.sources.map((s) => s.behind)).toEqual([true]);
    expect(body.newestPeriod).toEqual(EXPORT_DAYS);
    const offered = await content(user, `?period=custom&from=${EXPORT_DAYS.from}&to=${EXPORT_DAYS.to}`);
    expect(offered.window).toEqual(EXPORT_DAYS);
    expect(offered.sources.map((s) => s.behind)).toEqual([false]);
    expect(offered.newestPeriod).toBeNull();
    // 12 months ending on the export's last day would start before its first: the offer starts with the data.
    const year = await content(user, "?period=12m");
    expect(year.sources.map((s) => s.behind)).toEqual([true]);
    expect(year.newestPeriod).toEqual(EXPORT_DAYS);
  });
});

describe("the sample workspace", () => {
  it("keeps its data set's last day as its today, whatever the clock says", async () => {
    const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/brand",
      headers: { authorization: user.authorization },
      payload: { sample: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sampleId = created.json<components["schemas"]["Brand"]>().id;
    const { rows } = await t.database.pool.query<{ last: string }>(
      `select to_char(greatest((select max(posted_at) at time zone 'UTC' from posts where brand_id = $1),
         (select max(day) from follower_snapshots where brand_id = $1)), 'YYYY-MM-DD') as last`,
      [sampleId],
    );
    const before = await content(user, "?period=30d");
    expect(before.provenance.source).toBe("sample");
    expect(before.window.to).toBe(rows[0]?.last);
    t.clock.advance(3 * DAY_MS);
    expect((await content(user, "?period=30d")).window).toEqual(before.window);
  });
});
