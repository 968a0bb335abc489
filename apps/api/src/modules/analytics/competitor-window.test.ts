import type { components } from "@brandscope/api-client/schema";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { readAfterFigureJobs, recordedJobs } from "../../../test/recorded-jobs";
import { type SeededUser, seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { createWorkerDeps } from "../../jobs/worker-deps";
import { computeBrandJob } from "./compute-brand.job";
import { addDays, daysBetween } from "./periods";

type Schemas = components["schemas"];
type Analytics = Schemas["CompetitorAnalytics"];

/*
 * What real imports showed: the brand's export ends in August, its competitor's was exported in late November.
 * "30 days" must be the same 30 days for both, and the brand's lack of data in them said, not drawn as zeros.
 * Companies of one's own all end their periods today (docs/decisions.md "Periods"), so one window is theirs from
 * the start; brands of the sample data set keep their data's last day as their today, so the comparison's one
 * window is tested with them (`sample`), and the own companies' today at the end.
 */
const BRAND_DAYS = { from: "2025-07-14", to: "2025-08-12" };
const RIVAL_DAYS = { from: "2025-10-26", to: "2025-11-24" };

let t: TestApp;
let user: SeededUser;
let brandId: string;
let rivalId: string;

async function insertCompany(
  name: string,
  days: { from: string; to: string },
  o: { workspaceId?: string; sample: boolean } = { sample: true },
): Promise<string> {
  // A brand of the sample data set belongs to no workspace (brands_sample_shared_check).
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into brands (workspace_id, name, website, country, sample, status)
     values ($1, $2, 'https://example.com/', 'US', $3, 'active') returning id`,
    [o.sample ? null : (o.workspaceId ?? user.workspaceId), name, o.sample],
  );
  const id = rows[0]?.id ?? "";
  // One Instagram post a day with rates that vary, and a daily follower count.
  for (let i = 0; i <= daysBetween(days.from, days.to); i++) {
    const day = addDays(days.from, i);
    await t.database.pool.query(
      `insert into posts (brand_id, platform, url, posted_at, text, format, likes, comments, shares, views, source)
       values ($1, 'instagram', $2, $3, 'A post', 'image', $4, $5, null, null, 'csv_import')`,
      [id, `https://example.com/${name}/${day}`, `${day}T12:00:00Z`, 40 + ((i * 37) % 90), i % 7],
    );
    await t.database.pool.query(
      `insert into follower_snapshots (brand_id, platform, day, followers, source)
       values ($1, 'instagram', $2, $3, 'csv_import')`,
      [id, day, 5000 + i * 10],
    );
  }
  return id;
}

async function follow(workspaceId: string, brand: string, competitor: string) {
  await t.database.pool.query("insert into workspace_brands (workspace_id, brand_id) values ($1, $2)", [
    workspaceId,
    brand,
  ]);
  await t.database.pool.query(
    "insert into brand_competitors (workspace_id, brand_id, competitor_id) values ($1, $2, $3)",
    [workspaceId, brand, competitor],
  );
}

const recorded = recordedJobs();

/** The comparison once the figures' jobs have run (a first read of figures not stored answers 202 and queues them). */
const readAs = async (caller: SeededUser, query: string) => {
  const response = await readAfterFigureJobs(t, recorded, async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/competitor${query}`,
      headers: { authorization: caller.authorization },
    });
    expectContractResponse("getCompetitorAnalytics", answer);
    return answer;
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const read = async (query: string): Promise<Analytics> => (await readAs(user, query)).json<Analytics>();

beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs: recorded.jobs } });
  user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  brandId = await insertCompany("Lumora Test", BRAND_DAYS);
  rivalId = await insertCompany("Acme Roasters", RIVAL_DAYS);
  await follow(user.workspaceId, brandId, rivalId);
  // The app's clock stood still while the data went in: move it past the data's change, as time would.
  t.clock.advance(60_000);
  return () => t.close();
});

const engagement = (entry: Schemas["CompetitorEntry"] | undefined) =>
  entry?.audienceByPlatform.find((p) => p.platform === "instagram")?.engagement;

describe("a sample brand whose data ends months before its competitor's", () => {
  it("is compared over one window, the latest data's, and told it has no data in it", async () => {
    const body = await read("?period=30d");
    expect(body.common.window).toEqual(RIVAL_DAYS);
    expect(body.breakoutPosts.window).toEqual(RIVAL_DAYS);
    expect(body.shareOfVoice.leftOut).toEqual([
      {
        companyId: brandId,
        reason:
          "No posts or follower counts from Lumora Test in 26 Oct–24 Nov 2025: import a newer export or connect YouTube on Data sources.",
      },
    ]);
    // Unknown, not 0: nothing says the brand did not post then. The competitor's own 30 days are all there.
    expect(engagement(body.common.brand)).toBeNull();
    expect(engagement(body.competitors[0])).toBeGreaterThan(0);
    // Left out of the shares rather than given 0 %: one company is too few for a share.
    expect(body.shareOfVoice.scopes[0]?.posts).toMatchObject({ status: "insufficient_history", n: 1 });
  });

  it("keeps that window for every named period", async () => {
    const week = await read("?period=7d");
    expect(week.common.window).toEqual({ from: "2025-11-18", to: "2025-11-24" });
    expect(week.shareOfVoice.leftOut.map((l) => l.companyId)).toEqual([brandId]);
    // A year reaches back into the brand's data, which still ends 104 days early: its flows are left out.
    const year = await read("?period=12m");
    expect(year.common.window).toEqual({ from: "2024-11-25", to: "2025-11-24" });
    expect(year.shareOfVoice.leftOut).toEqual([
      {
        companyId: brandId,
        reason:
          "Data from Lumora Test ends on 12 Aug 2025, 104 days before the end of 25 Nov 2024–24 Nov 2025, so its engagement and posts would count fewer days than the others': import a newer export or connect YouTube on Data sources.",
      },
    ]);
    expect(engagement(year.common.brand)).toBeGreaterThan(0);
  });

  it("stores the brand's figures for the shared window apart, leaving its own modules on its own days", async () => {
    const stored = await t.database.pool.query<{ period_key: string }>(
      "select period_key from figures where brand_id = $1 and module = 'content' order by period_key",
      [brandId],
    );
    expect(stored.rows.map((r) => r.period_key)).toEqual(
      expect.arrayContaining(["30d", "30d@2025-11-24", "7d@2025-11-24"]),
    );
    const content = await t.app.inject({
      method: "GET",
      url: "/api/content?period=30d",
      headers: { authorization: user.authorization },
    });
    expect(content.json<Schemas["ContentAnalytics"]>().window).toEqual(BRAND_DAYS);
    // Read again: the same answer, from the stored figures, not computed anew.
    const version = async () =>
      (
        await t.database.pool.query<{ xmin: string }>(
          "select xmin::text from figures where brand_id = $1 and period_key = '30d@2025-11-24'",
          [brandId],
        )
      ).rows[0]?.xmin;
    const before = await version();
    expect(await read("?period=30d")).toEqual(await read("?period=30d"));
    expect(await version()).toBe(before);
  });

  it("reads a custom range of the brand's history for the competitor too, saying it has no data then", async () => {
    const body = await read(`?period=custom&from=${BRAND_DAYS.from}&to=${BRAND_DAYS.to}`);
    expect(body.common.window).toEqual(BRAND_DAYS);
    expect(engagement(body.common.brand)).toBeGreaterThan(0);
    expect(engagement(body.competitors[0])).toBeNull();
    expect(body.shareOfVoice.leftOut).toEqual([
      {
        companyId: rivalId,
        reason:
          "No posts or follower counts from Acme Roasters in 14 Jul–12 Aug 2025: import a newer export or connect YouTube on Data sources.",
      },
    ]);
  });
});

describe("the compute job", () => {
  it("stores the shared window of every sample company behind, so the first read computes nothing", async () => {
    const other = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const brand = await insertCompany("Early Brand", BRAND_DAYS);
    const rival = await insertCompany("Late Rival", RIVAL_DAYS);
    await follow(other.workspaceId, brand, rival);
    t.clock.advance(60_000);
    const deps = createWorkerDeps({
      db: t.database.db,
      config: t.config,
      log: pino({ level: "silent" }),
      clock: t.clock,
      jobs: { enqueue: async () => undefined, work: async () => undefined, stop: async () => undefined },
    });
    // The rival's new data sets the window: its job stores the brand's figures for it too.
    await computeBrandJob(deps, { brandId: rival });
    const keys = async (id: string) =>
      (
        await t.database.pool.query<{ period_key: string }>(
          "select period_key from figures where brand_id = $1 and module = 'content' order by period_key",
          [id],
        )
      ).rows.map((r) => r.period_key);
    expect(await keys(brand)).toEqual([
      "12m@2025-11-24",
      "30d@2025-11-24",
      "7d@2025-11-24",
      "90d@2025-11-24",
    ]);
    // The brand's own job keeps them beside its own periods; the rival, whose data sets the window, needs none.
    await computeBrandJob(deps, { brandId: brand });
    expect(await keys(brand)).toEqual([
      "12m",
      "12m@2025-11-24",
      "30d",
      "30d@2025-11-24",
      "7d",
      "7d@2025-11-24",
      "90d",
      "90d@2025-11-24",
    ]);
    expect(await keys(rival)).toEqual(["12m", "30d", "7d", "90d"]);
    await t.settle();
    // Read from what the job stored: the first answer is the later ones, to the byte.
    const first = (await readAs(other, "?period=90d")).body;
    expect((await readAs(other, "?period=90d")).body).toBe(first);
    expect(JSON.parse(first).common.window).toEqual({ from: "2025-08-27", to: "2025-11-24" });
  });
});

describe("companies of one's own", () => {
  it("end their periods today, whatever the age of their data, so they share one window from the start", async () => {
    const other = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const today = t.clock.now().toISOString().slice(0, 10);
    const recent = { from: addDays(today, -20), to: addDays(today, -1) };
    const brand = await insertCompany("Old Export", BRAND_DAYS, {
      workspaceId: other.workspaceId,
      sample: false,
    });
    const rival = await insertCompany("Fresh Rival", recent, {
      workspaceId: other.workspaceId,
      sample: false,
    });
    await follow(other.workspaceId, brand, rival);
    t.clock.advance(60_000);
    const body = (await readAs(other, "?period=30d")).json<Analytics>();
    const window = { from: addDays(today, -29), to: today };
    expect(body.common.window).toEqual(window);
    expect(body.breakoutPosts.window).toEqual(window);
    expect(engagement(body.competitors[0])).toBeGreaterThan(0);
    expect(engagement(body.common.brand)).toBeNull();
    expect(body.shareOfVoice.leftOut.map((l) => l.companyId)).toEqual([brand]);
    // Nothing stored apart: each company's own 30 days are the comparison's.
    const keys = await t.database.pool.query<{ period_key: string }>(
      "select period_key from figures where brand_id = any($1::uuid[]) and module = 'content' and period_key like '%@%'",
      [[brand, rival]],
    );
    expect(keys.rows).toEqual([]);
  });
});
