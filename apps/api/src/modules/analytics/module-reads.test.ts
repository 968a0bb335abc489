import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { readAfterFigureJobs, recordedJobs } from "../../../test/recorded-jobs";
import { type SeededUser, seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { planTypes, subscriptionStatuses } from "../../db/schema";
import { workspacePlan } from "../billing/plan-limits";
import { FIGURES_METHOD_VERSION } from "./brand-figures";
import { findInfluencerContext } from "./influencer.repo";
import { planLimitsOf } from "./module-plan";

type Schemas = components["schemas"];

/** The module reads keep figures and bearer checks in memory: none of it may outlive a change or cross workspaces. */
let t: TestApp;

async function signIn(plan: "starter" | "professional" = "professional"): Promise<SeededUser> {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  if (plan !== "starter") {
    await t.database.pool.query("update subscriptions set plan = $1 where workspace_id = $2", [
      plan,
      user.workspaceId,
    ]);
  }
  return user;
}

const recorded = recordedJobs();

const get = async <T>(operationId: string, url: string, user: SeededUser) => {
  const response = await t.app.inject({
    method: "GET",
    url: `/api${url}`,
    headers: { authorization: user.authorization },
  });
  expectContractResponse(operationId, response);
  return { status: response.statusCode, body: response.json<T>() };
};

/** A read whose figures are missing: it answers 202 and queues their job; the answer once the job has run. */
const getAfterJobs = async <T>(operationId: string, url: string, user: SeededUser) => {
  let first = 0;
  const answer = await readAfterFigureJobs(t, recorded, async () => {
    const read = await get<T>(operationId, url, user);
    first ||= read.status;
    return { ...read, statusCode: read.status };
  });
  expect(first).toBe(202);
  return answer;
};

async function connectSample(user: SeededUser) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/brand",
    headers: { authorization: user.authorization },
    payload: { sample: true },
  });
  expect(response.statusCode).toBe(201);
}

/**
 * Another workspace whose own brand is the sample's first competitor (a brand whose figures, keywords and scores
 * are stored too), made by linking it directly; the competitor comes back with the new user.
 */
async function otherOwningCompetitor(sampleUser: SeededUser) {
  const competitor = (
    await get<Schemas["CompetitorAnalytics"]>("getCompetitorAnalytics", "/competitor", sampleUser)
  ).body.competitors[0];
  const other = await signIn();
  await t.database.pool.query(
    "insert into workspace_brands (workspace_id, brand_id, created_at) values ($1, $2, now())",
    [other.workspaceId, competitor?.id],
  );
  return { other, competitor };
}

/** Writes the stored 30-day figures of a brand as a recompute would (the test clock stands still: same computedAt). */
async function setStoredPostsPerWeek(brandId: string, value: number) {
  await t.database.pool.query(
    `update figures set payload = jsonb_set(payload, '{content,audit,postsPerWeek,value}', to_jsonb($2::float8))
     where brand_id = $1 and module = 'content' and period_key = '30d'`,
    [brandId, value],
  );
}

/** The first website metric (overall traffic) of a company's stored competitor figures for 30 days. */
async function setStoredVisits(brandId: string | undefined, value: number) {
  await t.database.pool.query(
    `update figures set payload = jsonb_set(payload, '{competitor,metrics,0,value}', to_jsonb($2::float8))
     where brand_id = $1 and module = 'content' and period_key = '30d'`,
    [brandId, value],
  );
}

const visits = (entry: Schemas["CompetitorEntry"] | undefined) =>
  entry?.metrics.find((m) => m.metric === "overallTraffic")?.value;

const competitorAnswer = async (user: SeededUser, query = "") =>
  (await get<Schemas["CompetitorAnalytics"]>("getCompetitorAnalytics", `/competitor${query}`, user)).body;

beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs: recorded.jobs } });
  return () => t.close();
});
afterAll(() => undefined);

describe("stored figures read through the cache", () => {
  it("show a recompute, a deletion and a competitor change at once", async () => {
    const user = await signIn();
    await connectSample(user);
    const first = await get<Schemas["ContentAnalytics"]>("getContent", "/content", user);
    const brandId = first.body.brand.id;
    // Hot: the same answer again.
    expect((await get<Schemas["ContentAnalytics"]>("getContent", "/content", user)).body).toEqual(first.body);

    await setStoredPostsPerWeek(brandId, 123.5);
    const content = await get<Schemas["ContentAnalytics"]>("getContent", "/content", user);
    expect(content.body.audit.postsPerWeek.value).toBe(123.5);
    const dashboard = await get<Schemas["Dashboard"]>("getDashboard", "/dashboard", user);
    expect(dashboard.body.headlines.find((h) => h.label === "Posts per week")?.figure.value).toBe(123.5);

    // Deleted (a data change): being computed, then computed again from the raw data by the job.
    await t.database.pool.query("delete from figures where brand_id = $1 and module = 'content'", [brandId]);
    const recomputed = await getAfterJobs<Schemas["ContentAnalytics"]>("getContent", "/content", user);
    expect(recomputed.body.audit.postsPerWeek.value).toBe(first.body.audit.postsPerWeek.value);

    const before = await competitorAnswer(user);
    const [removed, next] = before.competitors;
    expect(removed && next).toBeTruthy();
    await setStoredVisits(next?.id, 4242);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/brand/competitor/${removed?.id}`,
      headers: { authorization: user.authorization },
    });
    expect(deleted.statusCode).toBe(204);
    const after = await competitorAnswer(user);
    expect(after.competitors.map((c) => c.id)).toEqual(before.competitors.slice(1).map((c) => c.id));
    expect(visits(after.competitors[0])).toBe(4242);
  });

  it("are never recomputed by a workspace's refresh when they are the shared sample's", async () => {
    const user = await signIn();
    await connectSample(user);
    const read = (query = "") => competitorAnswer(user, query);
    const own = (await read()).common.brand;
    const original = visits(own);
    if (typeof original !== "number") throw new Error("The sample brand has no visits");
    await setStoredVisits(own.id, 4242);
    expect(visits((await read()).common.brand)).toBe(4242);
    // The stored figure stands: nothing was deleted or computed for everyone exploring the sample.
    expect(visits((await read("?refresh=true")).common.brand)).toBe(4242);
    expect(visits((await read()).common.brand)).toBe(4242);
    await setStoredVisits(own.id, original);
  });

  it("show a renamed competitor and a new logo of the brand once the change is heard", async () => {
    const user = await signIn();
    await connectSample(user);
    const read = () => competitorAnswer(user);
    const before = await read();
    expect(await read()).toEqual(before);
    const competitor = before.competitors[0];
    // Written with SQL, as another process would: the app hears of it by notification only.
    await t.database.pool.query("update brands set name = name || ' Renamed' where id = $1", [
      competitor?.id,
    ]);
    await t.database.pool.query("update brands set logo = '/media/new-logo.png' where id = $1", [
      before.common.brand.id,
    ]);
    const after = await read();
    expect(after.competitors[0]?.name).toBe(`${competitor?.name} Renamed`);
    expect(after.common.brand.logo).toBe("/media/new-logo.png");
    expect(after.competitors[0]?.metrics).toEqual(competitor?.metrics);
  });

  it("recompute figures stored by an older version of the methods instead of mixing them in", async () => {
    const user = await signIn();
    await connectSample(user);
    const first = await get<Schemas["ContentAnalytics"]>("getContent", "/content", user);
    const brandId = first.body.brand.id;
    // An older version: another method version, a figure this one would not give, and no landscape inputs.
    await t.database.pool.query(
      `update figures set payload = jsonb_set(jsonb_set(payload, '{methodVersion}', '"period-figures-v1"'),
         '{content,audit,postsPerWeek,value}', '987.5') - 'landscape'
       where brand_id = $1 and module = 'content' and period_key = '30d'`,
      [brandId],
    );
    // Never shown: being computed, then recomputed by the job.
    const read = await getAfterJobs<Schemas["ContentAnalytics"]>("getContent", "/content", user);
    expect(read.body.audit.postsPerWeek).toEqual(first.body.audit.postsPerWeek);
    const stored = await t.database.pool.query<{ version: string; landscape: boolean }>(
      `select payload->>'methodVersion' as version, payload ? 'landscape' as landscape from figures
       where brand_id = $1 and module = 'content' and period_key = '30d'`,
      [brandId],
    );
    expect(stored.rows).toEqual([{ version: FIGURES_METHOD_VERSION, landscape: true }]);
  });

  it("never answer one workspace with another's brand", async () => {
    const sampleUser = await signIn();
    await connectSample(sampleUser);
    const sample = await get<Schemas["ContentAnalytics"]>("getContent", "/content", sampleUser);
    const { other, competitor } = await otherOwningCompetitor(sampleUser);
    const theirs = await get<Schemas["ContentAnalytics"]>("getContent", "/content", other);
    expect(theirs.body.brand.id).toBe(competitor?.id);
    expect(theirs.body.brand.id).not.toBe(sample.body.brand.id);
    const ours = await get<Schemas["ContentAnalytics"]>("getContent", "/content", sampleUser);
    expect(ours.body).toEqual(sample.body);
    const theirDashboard = await get<Schemas["Dashboard"]>("getDashboard", "/dashboard", other);
    expect(theirDashboard.body.brand.id).toBe(competitor?.id);
    // Without competitors of its own, the other workspace sees none of the sample's.
    const rivals = await get<Schemas["CompetitorAnalytics"]>("getCompetitorAnalytics", "/competitor", other);
    expect(rivals.body.competitors).toEqual([]);

    const nobody = await signIn();
    expect((await get("getContent", "/content", nobody)).status).toBe(404);
    expect((await get("getDashboard", "/dashboard", nobody)).status).toBe(404);
    expect((await get("getCompetitorAnalytics", "/competitor", nobody)).status).toBe(404);
    const persona = (await get<Schemas["PersonaList"]>("listPersonas", "/audience", sampleUser)).body
      .results[0];
    expect((await get("getPersona", `/audience/${persona?.id}`, sampleUser)).status).toBe(200);
    expect((await get("getPersona", `/audience/${persona?.id}`, nobody)).status).toBe(404);
    expect((await get<Schemas["PersonaList"]>("listPersonas", "/audience", nobody)).body).toEqual({
      results: [],
      total: 0,
      limited: false,
    });
  });
});

describe("the influencer, keyword and audience reads", () => {
  const setPlan = async (workspaceId: string, plan: string | null, status = "active") => {
    if (plan === null) {
      await t.database.pool.query("delete from subscriptions where workspace_id = $1", [workspaceId]);
      return;
    }
    // A cancelled plan here is one that has ended: one cancelled but still running keeps its limits
    // (docs/decisions.md "Cancelling").
    const endDate = status === "cancelled" ? new Date(t.clock.now().getTime() - 1000) : null;
    await t.database.pool.query(
      `insert into subscriptions (workspace_id, plan, status, end_date) values ($1, $2, $3, $4)
       on conflict (workspace_id) do update set plan = excluded.plan, status = excluded.status,
         end_date = coalesce(excluded.end_date, subscriptions.end_date)`,
      [workspaceId, plan, status, endDate],
    );
  };

  it("read the plan by billing's rule, in their own query", async () => {
    const user = await signIn();
    await connectSample(user);
    const db = t.database.db;
    for (const plan of [...planTypes, null]) {
      for (const status of subscriptionStatuses) {
        await setPlan(user.workspaceId, plan, status);
        await t.settle();
        const expected = (await workspacePlan(db, { workspaceId: user.workspaceId, now: t.clock.now() }))
          .limits;
        const context = await findInfluencerContext(db, {
          workspaceId: user.workspaceId,
          brandId: undefined,
        });
        expect(context && planLimitsOf(context, t.clock.now()), `${plan} ${status}`).toEqual(expected);
      }
    }
  });

  it("apply a plan change on the next read", async () => {
    const user = await signIn();
    await connectSample(user);
    const influencers = () => get<Schemas["InfluencerList"]>("listInfluencers", "/influencer?limit=50", user);
    const personas = () => get<Schemas["PersonaList"]>("listPersonas", "/audience?limit=50", user);
    const paid = (await influencers()).body;
    const audience = (await personas()).body;
    expect(paid.limited).toBe(false);
    expect(audience.limited).toBe(false);
    const persona = audience.results.at(-1);
    for (const [plan, status] of [
      ["starter", "active"],
      ["enterprise", "cancelled"],
      [null, "active"],
    ] as const) {
      await setPlan(user.workspaceId, plan, status);
      const limited = (await influencers()).body;
      expect(limited.limited, `${plan} ${status}`).toBe(true);
      expect(limited.results).toHaveLength(3);
      const hidden = paid.results.find((r) => !limited.results.some((l) => l.id === r.id));
      expect((await get("getInfluencer", `/influencer/${hidden?.id}`, user)).status).toBe(404);
      expect((await personas()).body.results).toHaveLength(3);
      expect((await get("getPersona", `/audience/${persona?.id}`, user)).status).toBe(404);
    }
    await setPlan(user.workspaceId, "professional");
    expect((await influencers()).body).toEqual(paid);
    // Cancelled, but running until a later end date: the paid lists still.
    await t.database.pool.query(
      "update subscriptions set status = 'cancelled', end_date = $2 where workspace_id = $1",
      [user.workspaceId, new Date(t.clock.now().getTime() + 24 * 3600 * 1000)],
    );
    expect((await influencers()).body).toEqual(paid);
    await setPlan(user.workspaceId, "professional");
    expect((await personas()).body).toEqual(audience);
    expect((await get("getPersona", `/audience/${persona?.id}`, user)).status).toBe(200);
  });

  it("never show another workspace's imported keywords, and show a change at once", async () => {
    const sampleUser = await signIn();
    await connectSample(sampleUser);
    const { other, competitor } = await otherOwningCompetitor(sampleUser);
    const before = (await get<Schemas["KeywordList"]>("getIntent", "/intent", sampleUser)).body;
    expect(before.provenance.source).toBe("sample");
    const country = before.keywordData[0]?.country ?? "US";
    await t.database.pool.query(
      `insert into keywords (brand_id, country, keyword, currency, volume, trend, intent, source)
       values ($1, $2, 'zqx private keyword', 'USD', 2000000000, '{}', 'commercial', 'csv_import')`,
      [competitor?.id, country],
    );
    const search = `/intent/keyword?keyword=zqx&country=${country}`;
    // Theirs: at the top of their list and found by search, from an import they have not finished: the website.
    const theirs = (await get<Schemas["KeywordList"]>("getIntent", `/intent?country=${country}`, other)).body;
    expect(theirs.keywordData[0]?.keyword).toBe("zqx private keyword");
    expect(theirs.provenance).toMatchObject({ source: "website", sourceName: null });
    await t.database.pool.query(
      `insert into imports (workspace_id, brand_id, format, file_name, status, rows, imported, errors)
       values ($1, $2, 'google-ads-keyword-planner', 'k.csv', 'completed', 1, 1, '[]')`,
      [other.workspaceId, competitor?.id],
    );
    const found = (await get<Schemas["KeywordList"]>("searchKeywords", search, other)).body;
    expect(found.keywordData.map((k) => k.keyword)).toEqual(["zqx private keyword"]);
    expect(found.provenance).toMatchObject({
      source: "csv_import",
      sourceName: "google-ads-keyword-planner",
    });
    // Ours: never.
    expect((await get<Schemas["KeywordList"]>("getIntent", "/intent", sampleUser)).body).toEqual(before);
    expect(
      (await get<Schemas["KeywordList"]>("searchKeywords", search, sampleUser)).body.keywordData,
    ).toEqual([]);
    // Deleted: gone on the next read.
    await t.database.pool.query("delete from keywords where brand_id = $1", [competitor?.id]);
    expect((await get<Schemas["KeywordList"]>("searchKeywords", search, other)).body).toMatchObject({
      keywordData: [],
      provenance: { source: "sample" },
    });
  });

  it("rank influencers for the caller's brand only, and show a new score at once", async () => {
    const sampleUser = await signIn();
    await connectSample(sampleUser);
    const list = (await get<Schemas["InfluencerList"]>("listInfluencers", "/influencer?limit=5", sampleUser))
      .body;
    const best = list.results[0];
    const brandId = (await get<Schemas["BrandResponse"]>("getBrand", "/brand", sampleUser)).body.brand?.id;
    // A brand of another workspace, scored for every influencer: its scores never reach the sample's readers.
    const { other, competitor } = await otherOwningCompetitor(sampleUser);
    const last = list.results.at(-1);
    await t.database.pool.query(
      `insert into influencer_scores (brand_id, influencer_id, platform, score, fit)
       select $1, i.id, i.platform, 1e9, 0.01 from influencers i where i.id = $2
       on conflict (brand_id, influencer_id) do update set score = excluded.score, fit = excluded.fit`,
      [competitor?.id, last?.id],
    );
    expect(
      (await get<Schemas["InfluencerList"]>("listInfluencers", "/influencer?limit=5", sampleUser)).body,
    ).toEqual(list);
    const details = (
      await get<Schemas["InfluencerDetails"]>("getInfluencer", `/influencer/${last?.id}`, sampleUser)
    ).body;
    expect(details.audienceFit).toBe(last?.audienceFit);
    const theirs = (
      await get<Schemas["InfluencerDetails"]>("getInfluencer", `/influencer/${last?.id}`, other)
    ).body;
    expect(theirs.audienceFit).toBe(0.01);
    expect(
      (await get<Schemas["InfluencerList"]>("listInfluencers", "/influencer?limit=1", other)).body.results[0]
        ?.id,
    ).toBe(last?.id);
    // The sample brand's own ranking changes: the next read shows it.
    await t.database.pool.query(
      "update influencer_scores set score = -1e9 where brand_id = $1 and influencer_id = $2",
      [brandId, best?.id],
    );
    const after = (await get<Schemas["InfluencerList"]>("listInfluencers", "/influencer?limit=5", sampleUser))
      .body;
    expect(after.results.map((r) => r.id)).not.toContain(best?.id);
  });
});

describe("bearer checks", () => {
  it("end with the session at once, whether it was ended here or by another server", async () => {
    const user = await signIn();
    await connectSample(user);
    expect((await get("getBrand", "/brand", user)).status).toBe(200);
    // Revoked by another server: this one hears it from the database (get waits until it has, as a client
    // across a network would), so the kept check is forgotten.
    await t.database.pool.query("update sessions set revoked_at = now() where id = $1", [user.sessionId]);
    expect((await get("getBrand", "/brand", user)).status).toBe(401);

    const again = await signIn();
    expect((await get("getBrand", "/brand", again)).status).toBe(200);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: again.authorization },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await get("getBrand", "/brand", again)).status).toBe(401);
  });

  it("follow the app's clock: an expired token is refused although it was checked a moment ago", async () => {
    const user = await signIn();
    expect((await get("getBrand", "/brand", user)).status).toBe(200);
    t.clock.advance(16 * 60 * 1000);
    expect((await get("getBrand", "/brand", user)).status).toBe(401);
  });
});

describe("the freshness of stored figures", () => {
  it("turns stale once the data is over 48 hours old, on the clock alone, still showing the figures", async () => {
    const first = await signIn();
    await connectSample(first);
    const before = (await get<Schemas["ContentAnalytics"]>("getContent", "/content", first)).body;
    const dataAsOf = new Date(before.provenance.dataAsOf ?? Number.NaN).getTime();
    expect(Number.isFinite(dataAsOf)).toBe(true);
    const started = t.clock.now().getTime();
    const readAt = async (hoursAfterData: number) => {
      t.clock.advance(dataAsOf + hoursAfterData * 3_600_000 - t.clock.now().getTime());
      const user = await signIn();
      await connectSample(user);
      return (await get<Schemas["ContentAnalytics"]>("getContent", "/content", user)).body;
    };
    try {
      const fresh = await readAt(47);
      expect(fresh.provenance.stale).toBe(false);
      const stale = await readAt(49);
      expect(stale.provenance).toEqual({ ...fresh.provenance, stale: true });
      expect(stale.audit.postsPerWeek).toEqual(fresh.audit.postsPerWeek);
    } finally {
      t.clock.advance(started - t.clock.now().getTime());
    }
  });

  it("turns stale on the clock alone in an answer read from memory", async () => {
    const user = await signIn();
    await connectSample(user);
    const read = () => competitorAnswer(user);
    const before = await read();
    const dataAsOf = new Date(before.common.provenance.dataAsOf ?? Number.NaN).getTime();
    const started = t.clock.now().getTime();
    const at = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
    try {
      // Within the bearer's life: no write and no new sign-in between the two reads.
      at(dataAsOf + 48 * 3_600_000 - 60_000);
      const fresh = await read();
      expect(fresh.common.provenance.stale).toBe(false);
      expect(await read()).toEqual(fresh);
      at(dataAsOf + 48 * 3_600_000 + 60_000);
      const stale = await read();
      expect(stale).toEqual({
        ...fresh,
        common: { ...fresh.common, provenance: { ...fresh.common.provenance, stale: true } },
      });
    } finally {
      at(started);
    }
  });
});
