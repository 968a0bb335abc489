import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { type SeededUser, seedSignedInUser } from "../../../test/users";
import { SESSION_CHECK_TTL_MS } from "../../lib/session-checks";
import { jwtKey } from "../auth/id-token";

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

const get = async <T>(operationId: string, url: string, user: SeededUser) => {
  const response = await t.app.inject({
    method: "GET",
    url: `/api${url}`,
    headers: { authorization: user.authorization },
  });
  expectContractResponse(operationId, response);
  return { status: response.statusCode, body: response.json<T>() };
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

/** Writes the stored 30-day figures of a brand as a recompute would (the test clock stands still: same computedAt). */
async function setStoredPostsPerWeek(brandId: string, value: number) {
  await t.database.pool.query(
    `update figures set payload = jsonb_set(payload, '{content,audit,postsPerWeek,value}', to_jsonb($2::float8))
     where brand_id = $1 and module = 'content' and period_key = '30d'`,
    [brandId, value],
  );
}

beforeAll(async () => {
  t = await buildTestApp();
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

    // Deleted (a data change): computed again from the raw data.
    await t.database.pool.query("delete from figures where brand_id = $1 and module = 'content'", [brandId]);
    const recomputed = await get<Schemas["ContentAnalytics"]>("getContent", "/content", user);
    expect(recomputed.body.audit.postsPerWeek.value).toBe(first.body.audit.postsPerWeek.value);

    const before = await get<Schemas["CompetitorAnalytics"]>("getCompetitorAnalytics", "/competitor", user);
    const [removed, next] = before.body.competitors;
    expect(removed && next).toBeTruthy();
    const visits = (entry: Schemas["CompetitorEntry"] | undefined) =>
      entry?.metrics.find((m) => m.metric === "overallTraffic")?.value;
    await t.database.pool.query(
      `update figures set payload = jsonb_set(payload, '{competitor,metrics,0,value}', '4242')
       where brand_id = $1 and module = 'content' and period_key = '30d'`,
      [next?.id],
    );
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/brand/competitor/${removed?.id}`,
      headers: { authorization: user.authorization },
    });
    expect(deleted.statusCode).toBe(204);
    const after = await get<Schemas["CompetitorAnalytics"]>("getCompetitorAnalytics", "/competitor", user);
    expect(after.body.competitors.map((c) => c.id)).toEqual(
      before.body.competitors.slice(1).map((c) => c.id),
    );
    expect(visits(after.body.competitors[0])).toBe(4242);
  });

  it("never answer one workspace with another's brand", async () => {
    const sampleUser = await signIn();
    await connectSample(sampleUser);
    const sample = await get<Schemas["ContentAnalytics"]>("getContent", "/content", sampleUser);
    // Another workspace whose own brand is one of the sample's competitors (its figures are stored too).
    const other = await signIn();
    const competitor = (
      await get<Schemas["CompetitorAnalytics"]>("getCompetitorAnalytics", "/competitor", sampleUser)
    ).body.competitors[0];
    await t.database.pool.query(
      "insert into workspace_brands (workspace_id, brand_id, created_at) values ($1, $2, now())",
      [other.workspaceId, competitor?.id],
    );
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

describe("bearer checks", () => {
  it("end with the session: at once for a sign-out here, within a second for one made elsewhere", async () => {
    const user = await signIn();
    await connectSample(user);
    expect((await get("getBrand", "/brand", user)).status).toBe(200);
    // Revoked behind the app's back (another server): the remembered check lapses within the TTL.
    await t.database.pool.query("update sessions set revoked_at = now() where id = $1", [user.sessionId]);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50));
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
