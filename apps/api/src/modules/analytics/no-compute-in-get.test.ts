import type { components } from "@brandscope/api-client/schema";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { recordedJobs } from "../../../test/recorded-jobs";
import { type SeededUser, seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { databaseUrlOf } from "../../db/client";
import { createWorkerDeps } from "../../jobs/worker-deps";
import { DAY_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";
import { computeBrandJob } from "./compute-brand.job";
import { computeRangeJob } from "./compute-range.job";
import { COMPUTING_MESSAGE } from "./module-context";
import { addDays } from "./periods";

type Schemas = components["schemas"];

/*
 * Issue 33 §2: a named period's figures are computed by a job, never inside a GET. The first read of a brand with
 * none stored answers 202 "being computed" and queues its job; a read of figures out of date answers them, with
 * their age, and queues one recompute; a custom range is computed in the request within its bound, past it by a job.
 */
const { jobs, queued, recomputed } = recordedJobs();
let t: TestApp;
/** The same database, with a custom range's bound of 0 ms: every custom range that is not stored goes to the job. */
let bounded: TestApp;
let marketer: SeededUser;
let brandId: string;
let competitorId: string;

const today = () => t.clock.now().toISOString().slice(0, 10);
const authorizationOf = async (user: SeededUser) =>
  `Bearer ${await signIdToken(user, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;

async function read(path: string, operation: string, app = t) {
  const response = await app.app.inject({
    method: "GET",
    url: `/api${path}`,
    headers: { authorization: await authorizationOf(marketer) },
  });
  expectContractResponse(operation, response);
  return response;
}

const workerDeps = () =>
  createWorkerDeps({
    db: t.database.db,
    config: t.config,
    log: pino({ level: "silent" }),
    clock: t.clock,
    jobs,
  });

/** The content rows stored for the brand: a GET that computed would add or rewrite one. */
async function storedRows(id: string) {
  const { rows } = await t.database.pool.query<{ period_key: string; computed_at: Date }>(
    "select period_key, computed_at from figures where brand_id = $1 and module = 'content' order by period_key",
    [id],
  );
  return rows.map((r) => `${r.period_key}@${r.computed_at.toISOString()}`);
}

async function insertBrand(user: SeededUser, name: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into brands (workspace_id, name, website, country, sample, status)
     values ($1, $2, $3, 'GB', false, 'active') returning id`,
    [user.workspaceId, name, `https://${name.toLowerCase().replace(/ /g, "-")}.example/`],
  );
  const id = rows[0]?.id ?? "";
  // Sixty days of Instagram posts and follower counts, ending yesterday.
  for (let i = 1; i <= 60; i++) {
    const day = addDays(today(), -i);
    await t.database.pool.query(
      `insert into posts (brand_id, platform, url, posted_at, text, format, likes, comments, shares, views, source)
       values ($1, 'instagram', $2, $3, 'A post about oat milk', 'image', $4, $5, null, null, 'csv_import')`,
      [id, `https://instagram.com/p/${id}-${day}`, `${day}T12:00:00Z`, 40 + ((i * 37) % 90), i % 7],
    );
    await t.database.pool.query(
      `insert into follower_snapshots (brand_id, platform, day, followers, source)
       values ($1, 'instagram', $2, $3, 'csv_import')`,
      [id, day, 5000 + i * 10],
    );
  }
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs } });
  // The same clock: both apps judge "today" alike.
  bounded = await buildTestApp({
    databaseUrl: databaseUrlOf(t.database.db),
    deps: { jobs, clock: t.clock, customRangeComputeMs: 0 },
  });
  marketer = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  brandId = await insertBrand(marketer, "Oat Harbour");
  await t.database.pool.query("insert into workspace_brands (workspace_id, brand_id) values ($1, $2)", [
    marketer.workspaceId,
    brandId,
  ]);
  competitorId = await insertBrand(marketer, "Birch Lane");
  await t.database.pool.query(
    "insert into brand_competitors (workspace_id, brand_id, competitor_id) values ($1, $2, $3)",
    [marketer.workspaceId, brandId, competitorId],
  );
  // The app's clock stood still while the data went in: move it past the data's change, as time would.
  t.clock.advance(60_000);
  return async () => {
    await bounded.close();
    await t.close();
  };
});

describe("a named period", () => {
  it("answers 202 'being computed' before any figures are stored, queues their job, and computes nothing", async () => {
    queued.length = 0;
    const started = performance.now();
    for (const [path, operation] of [
      ["/content?period=30d", "getContent"],
      ["/competitor?period=30d", "getCompetitorAnalytics"],
      ["/dashboard?period=30d", "getDashboard"],
    ] as const) {
      const response = await read(path, operation);
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json<Schemas["FiguresComputing"]>()).toEqual({
        status: "computing",
        message: COMPUTING_MESSAGE,
        retryAfterSeconds: 3,
      });
      expect(response.headers["retry-after"]).toBe("3");
    }
    // Each company's recompute queued (the queue keeps one waiting per brand, however many reads ask).
    expect([...new Set(recomputed())].sort()).toEqual([brandId, competitorId].sort());
    expect(await storedRows(brandId)).toEqual([]);
    expect(await storedRows(competitorId)).toEqual([]);
    // Nothing was computed: the three reads together take what a read of the database takes.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("answers the figures once the job has stored them", async () => {
    for (const id of [brandId, competitorId]) await computeBrandJob(workerDeps(), { brandId: id });
    queued.length = 0;
    const content = await read("/content?period=30d", "getContent");
    expect(content.statusCode, content.body).toBe(200);
    const body = content.json<Schemas["ContentAnalytics"]>();
    expect(body.window.to).toBe(today());
    expect(body.provenance).toMatchObject({ computedAt: t.clock.now().toISOString(), recomputing: false });
    const competitor = await read("/competitor?period=30d", "getCompetitorAnalytics");
    expect(competitor.statusCode, competitor.body).toBe(200);
    expect(competitor.json<Schemas["CompetitorAnalytics"]>().competitors.map((c) => c.name)).toEqual([
      "Birch Lane",
    ]);
    expect((await read("/dashboard?period=30d", "getDashboard")).statusCode).toBe(200);
    expect(queued).toEqual([]);
  });

  it("answers the dashboard 202 while its counts are not stored, queueing the brand's job, and counts nothing", async () => {
    await t.database.pool.query("delete from figures where brand_id = $1 and module = 'dashboard'", [
      brandId,
    ]);
    await t.settle();
    queued.length = 0;
    const waiting = await read("/dashboard?period=30d", "getDashboard");
    expect(waiting.statusCode, waiting.body).toBe(202);
    // A member waits for it: it goes before the recomputes of figures merely out of date.
    expect(queued).toEqual([{ kind: "compute-brand", data: { brandId }, urgency: "change" }]);
    expect((await read("/content?period=30d", "getContent")).statusCode).toBe(200);
    await computeBrandJob(workerDeps(), { brandId });
    await t.settle();
    expect((await read("/dashboard?period=30d", "getDashboard")).statusCode).toBe(200);
  });

  it("answers stored figures out of date with their age, queues exactly one recompute, and computes nothing", async () => {
    const computedAt = t.clock.now().toISOString();
    const before = await storedRows(brandId);
    t.clock.advance(60_000);
    // An import (or a connector's read) changed the brand's data: the database marks its figures stale.
    await t.database.pool.query(
      "update posts set likes = likes + 1 where brand_id = $1 and posted_at = (select max(posted_at) from posts where brand_id = $1)",
      [brandId],
    );
    t.clock.advance(60_000);
    queued.length = 0;
    for (let i = 0; i < 3; i++) {
      const response = await read("/content?period=30d", "getContent");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Schemas["ContentAnalytics"]>().provenance).toMatchObject({
        computedAt,
        recomputing: true,
      });
    }
    const competitor = await read("/competitor?period=30d", "getCompetitorAnalytics");
    expect(competitor.json<Schemas["CompetitorAnalytics"]>().common.provenance).toMatchObject({
      computedAt,
      recomputing: true,
    });
    expect(recomputed()).toEqual([brandId]);
    // Answered meanwhile: a change's recompute goes first (kernel/job-queue.ts JobUrgency).
    expect(queued.map((job) => job.urgency)).toEqual(["stale"]);
    expect(await storedRows(brandId)).toEqual(before);

    await computeBrandJob(workerDeps(), { brandId });
    const after = await read("/content?period=30d", "getContent");
    expect(after.json<Schemas["ContentAnalytics"]>().provenance).toMatchObject({
      computedAt: t.clock.now().toISOString(),
      recomputing: false,
    });
  });

  it("answers yesterday's figures on a new day until the day's recompute has run, in one window", async () => {
    const storedDay = today();
    t.clock.advance(DAY_MS);
    const content = await read("/content?period=30d", "getContent");
    expect(content.statusCode, content.body).toBe(200);
    const body = content.json<Schemas["ContentAnalytics"]>();
    expect(body.window.to).toBe(storedDay);
    expect(body.provenance.recomputing).toBe(true);
    const competitor = await read("/competitor?period=30d", "getCompetitorAnalytics");
    expect(competitor.statusCode, competitor.body).toBe(200);
    expect(competitor.json<Schemas["CompetitorAnalytics"]>().common.window.to).toBe(storedDay);
    for (const id of [brandId, competitorId]) await computeBrandJob(workerDeps(), { brandId: id });
    const next = await read("/content?period=30d", "getContent");
    expect(next.json<Schemas["ContentAnalytics"]>().window.to).toBe(today());
  });
});

describe("a custom range", () => {
  it("is computed in the request within its bound", async () => {
    const from = addDays(today(), -20);
    const to = addDays(today(), -10);
    const response = await read(`/competitor?period=custom&from=${from}&to=${to}`, "getCompetitorAnalytics");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Schemas["CompetitorAnalytics"]>().common.window).toEqual({ from, to });
  });

  it("past its bound answers 202, and the compute-range job stores it for the next read", async () => {
    const from = addDays(today(), -40);
    const to = addDays(today(), -30);
    queued.length = 0;
    const first = await read(
      `/competitor?period=custom&from=${from}&to=${to}`,
      "getCompetitorAnalytics",
      bounded,
    );
    expect(first.statusCode, first.body).toBe(202);
    expect(queued).toEqual([
      {
        kind: "compute-range",
        data: { workspaceId: marketer.workspaceId, brandId, from, to, competitors: true },
      },
    ]);
    const job = queued[0]?.data as Parameters<typeof computeRangeJob>[1];
    await computeRangeJob(workerDeps(), job);
    const key = `custom:${from}:${to}`;
    expect((await storedRows(brandId)).some((row) => row.startsWith(`${key}@`))).toBe(true);
    expect((await storedRows(competitorId)).some((row) => row.startsWith(`${key}@`))).toBe(true);
    await bounded.settle();
    const next = await read(
      `/competitor?period=custom&from=${from}&to=${to}`,
      "getCompetitorAnalytics",
      bounded,
    );
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<Schemas["CompetitorAnalytics"]>().common.window).toEqual({ from, to });
  });
});
