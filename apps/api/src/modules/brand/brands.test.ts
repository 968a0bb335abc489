import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { loadContract } from "../../http/contract";
import { DAY_MS } from "../../lib/clock";
import { grantPlan } from "../billing/grant-plan";

type Schemas = components["schemas"];

// Several brands per workspace (issue 18): the brand a call is about travels in X-Brand-Id, which must name one of
// the caller's workspace's own brands; a one-brand plan is refused a second one.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobs: true, jobWorkers: false });
});
afterAll(async () => {
  await t?.close();
});

const ownBrand = {
  websiteUrl: "https://bramble.example",
  country: "GB",
  brandName: "Bramble Tea",
  socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/bramble.tea" }],
};

async function workspace(plan?: "professional" | "enterprise") {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  if (plan) {
    const now = t.clock.now();
    await grantPlan(t.database.db, {
      workspaceId: user.workspaceId,
      plan,
      until: new Date(+now + 30 * DAY_MS),
      now,
    });
  }
  return user;
}

async function send(
  operationId: string,
  method: "GET" | "POST" | "DELETE",
  url: string,
  authorization: string,
  o: { brandId?: string; payload?: object } = {},
) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization, ...(o.brandId ? { "x-brand-id": o.brandId } : {}) },
    ...(o.payload ? { payload: o.payload } : {}),
  });
  expectContractResponse(operationId, response);
  return response;
}

describe("several brands in one workspace", () => {
  it("adds brands on Enterprise, and each call reads the brand it names", async () => {
    const { authorization } = await workspace("enterprise");
    const sample = (
      await send("createBrand", "POST", "/brand", authorization, { payload: { sample: true } })
    ).json<Schemas["Brand"]>();
    t.clock.advance(1000);
    const created = await send("createBrand", "POST", "/brand", authorization, { payload: ownBrand });
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json<Schemas["Brand"]>();

    const again = await send("createBrand", "POST", "/brand", authorization, { payload: { sample: true } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("The sample brand is already one of your brands.");

    const list = (await send("listBrands", "GET", "/brands", authorization)).json<Schemas["BrandList"]>();
    expect(list.limit).toBeNull();
    expect(list.brands.map((b) => b.name)).toEqual(["Bramble Tea", "Lumora Coffee"]);

    // Without a choice, the newest; with one, that brand, its competitors and its figures.
    const current = await send("getBrand", "GET", "/brand", authorization);
    expect(current.json().brand.id).toBe(own.id);
    const chosen = await send("getBrand", "GET", "/brand", authorization, { brandId: sample.id });
    expect(chosen.json().brand).toMatchObject({ id: sample.id, sample: true });

    const competitorsOf = async (brandId: string) =>
      (await send("listBrandCompetitors", "GET", "/brand/competitor", authorization, { brandId })).json<
        Schemas["BrandCompetitorList"]
      >().competitors;
    expect((await competitorsOf(sample.id)).length).toBeGreaterThan(1);
    expect(await competitorsOf(own.id)).toEqual([]);

    const added = await send("addBrandCompetitor", "POST", "/brand/competitor", authorization, {
      brandId: own.id,
      payload: { websiteUrl: "https://kettle.example", brandName: "Kettle & Co" },
    });
    expect(added.statusCode).toBe(201);
    expect((await competitorsOf(own.id)).map((c) => c.name)).toEqual(["Kettle & Co"]);
    expect((await competitorsOf(sample.id)).map((c) => c.name)).not.toContain("Kettle & Co");

    const content = async (brandId: string) =>
      (await send("getContent", "GET", "/content?period=30d", authorization, { brandId })).json<
        Schemas["ContentAnalytics"]
      >();
    const sampleContent = await content(sample.id);
    const ownContent = await content(own.id);
    expect(JSON.stringify(sampleContent)).toContain("Lumora Coffee");
    expect(JSON.stringify(ownContent)).not.toContain("Lumora Coffee");
    expect(JSON.stringify(ownContent)).not.toEqual(JSON.stringify(sampleContent));
  });

  it("refuses another workspace's brand on every brand-scoped read, with 404 and the Error body", async () => {
    const a = await workspace("enterprise");
    const sample = (
      await send("createBrand", "POST", "/brand", a.authorization, { payload: { sample: true } })
    ).json<Schemas["Brand"]>();
    const theirs = (await send("createBrand", "POST", "/brand", a.authorization, { payload: ownBrand })).json<
      Schemas["Brand"]
    >();
    const b = await workspace();
    await send("createBrand", "POST", "/brand", b.authorization, { payload: { sample: true } });

    const reads = (await loadContract()).filter(
      (op) => op.brandScoped && op.method === "GET" && !op.path.includes("{"),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const op of reads) {
      for (const brandId of [theirs.id, "00000000-0000-4000-8000-000000000000"]) {
        const response = await send(op.id, "GET", op.path, b.authorization, { brandId });
        expect(response.statusCode, op.id).toBe(404);
        expect(response.json(), op.id).toMatchObject({
          code: "BRAND_NOT_FOUND",
          message: "This brand is not one of your workspace's brands.",
        });
        expect(response.body, op.id).not.toContain("Bramble");
      }
    }
    // The sample brand is shared data, but A's link to it is A's: B's own link answers for B alone.
    const own = await send("getBrand", "GET", "/brand", b.authorization, { brandId: sample.id });
    expect(own.statusCode).toBe(200);
    const malformed = await send("getBrand", "GET", "/brand", b.authorization, { brandId: "not-a-brand" });
    expect(malformed.statusCode).toBe(400);
  });

  it("refuses a second brand on Professional with the plan's limit in the message", async () => {
    const { authorization } = await workspace("professional");
    await send("createBrand", "POST", "/brand", authorization, { payload: ownBrand });
    const refused = await send("createBrand", "POST", "/brand", authorization, { payload: { sample: true } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message: "Your Professional plan includes 1 brand. Upgrade to Enterprise to add more.",
    });
    const list = (await send("listBrands", "GET", "/brands", authorization)).json<Schemas["BrandList"]>();
    expect(list).toMatchObject({ limit: 1, brands: [{ name: "Bramble Tea" }] });
  });

  it("removes a brand with its competitors and data, but never the last one", async () => {
    const { authorization, workspaceId } = await workspace("enterprise");
    const first = (await send("createBrand", "POST", "/brand", authorization, { payload: ownBrand })).json<
      Schemas["Brand"]
    >();
    const second = (
      await send("createBrand", "POST", "/brand", authorization, {
        payload: { ...ownBrand, brandName: "Copper Kettle", websiteUrl: "https://copper.example" },
      })
    ).json<Schemas["Brand"]>();
    await send("addBrandCompetitor", "POST", "/brand/competitor", authorization, {
      brandId: second.id,
      payload: { websiteUrl: "https://rival.example", brandName: "Rival Tea" },
    });

    const removed = await send("deleteBrand", "DELETE", `/brands/${second.id}`, authorization);
    expect(removed.statusCode).toBe(204);
    const owned = await t.database.pool.query<{ name: string }>(
      "select name from brands where workspace_id = $1 order by name",
      [workspaceId],
    );
    expect(owned.rows.map((r) => r.name)).toEqual(["Bramble Tea"]);
    const gone = await send("getBrand", "GET", "/brand", authorization, { brandId: second.id });
    expect(gone.statusCode).toBe(404);

    const last = await send("deleteBrand", "DELETE", `/brands/${first.id}`, authorization);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe("LAST_BRAND");
  });
});
