import type { components } from "@brandscope/api-client/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { recordedJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";

type Schemas = components["schemas"];

// The collection and the recompute are jobs, tested on their own: here, what is queued.
const { jobs, queued, recomputed } = recordedJobs();

let t: TestApp;
let industries: string[];
beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs } });
  industries = (
    await t.database.pool.query<{ id: string }>("select id from industries order by position limit 2")
  ).rows.map((r) => r.id);
  return () => t.close();
});

const signIn = async () =>
  (await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() })).authorization;

async function send(method: "GET" | "POST" | "PATCH", url: string, authorization: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: { authorization }, payload });
}

async function connectOwnBrand(authorization: string): Promise<Schemas["Brand"]> {
  const created = await send("POST", "/brand", authorization, {
    websiteUrl: "https://hollow-oak.example/",
    country: "GB",
    brandName: "Hollow Oak",
    socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/hollowoak" }],
  });
  expect(created.statusCode).toBe(201);
  return created.json();
}

describe("correcting the own brand (PATCH /brand)", () => {
  it("stores the industry and country chosen later, and recomputes the figures of the new market", async () => {
    const authorization = await signIn();
    const brand = await connectOwnBrand(authorization);
    // Connected before onboarding asked for the industry: the brand has none.
    expect(brand.industry).toBeNull();
    queued.length = 0;

    const corrected = await send("PATCH", "/brand", authorization, {
      industry: industries[0],
      country: "SE",
    });
    expectContractResponse("updateBrand", corrected);
    expect(corrected.json()).toMatchObject({ id: brand.id, industry: industries[0], country: "SE" });
    const stored = (await send("GET", "/brand", authorization)).json<Schemas["BrandResponse"]>().brand;
    expect(stored).toMatchObject({ industry: industries[0], country: "SE", name: "Hollow Oak" });
    expect(recomputed()).toEqual([brand.id]);

    // A new name changes no market: nothing to recompute.
    queued.length = 0;
    const renamed = await send("PATCH", "/brand", authorization, { brandName: "  Hollow Oak Roasters " });
    expect(renamed.json()).toMatchObject({ name: "Hollow Oak Roasters", industry: industries[0] });
    expect(recomputed()).toEqual([]);
  });

  it("takes a new website, collected again, and replaces the social links", async () => {
    const authorization = await signIn();
    const brand = await connectOwnBrand(authorization);
    // Found on the website: a platform the form does not name, which a correction leaves alone.
    await t.database.pool.query(
      "insert into social_accounts (brand_id, platform, url) values ($1, 'youtube', 'https://youtube.com/@hollowoak')",
      [brand.id],
    );
    const youtube = { platform: "youtube", url: "https://youtube.com/@hollowoak" };
    queued.length = 0;
    const corrected = await send("PATCH", "/brand", authorization, {
      websiteUrl: "https://hollow-oak-roasters.example",
      socialLinks: [
        { socialPlatform: "tiktok", socialLink: "https://www.tiktok.com/@hollowoak" },
        { socialPlatform: "facebook", socialLink: "https://facebook.com/hollowoak" },
      ],
    });
    expectContractResponse("updateBrand", corrected);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({
      website: "https://hollow-oak-roasters.example/",
      status: "pending",
      socialLinks: [
        { platform: "facebook", url: "https://facebook.com/hollowoak" },
        { platform: "tiktok", url: "https://www.tiktok.com/@hollowoak" },
        youtube,
      ],
    });
    expect(queued.map((job) => job.kind)).toEqual(["collect-brand"]);

    // The same website again collects nothing; an empty list removes every link.
    queued.length = 0;
    const cleared = await send("PATCH", "/brand", authorization, {
      websiteUrl: "https://hollow-oak-roasters.example/",
      socialLinks: [],
    });
    expect(cleared.json()).toMatchObject({ id: brand.id, socialLinks: [youtube] });
    expect(queued).toEqual([]);

    const wrong = await send("PATCH", "/brand", authorization, {
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://tiktok.com/@hollowoak" }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: "/socialLinks/0/socialLink", message: "The link must match the selected platform" },
    ]);
  });

  it("refuses an industry or a country that is not in the lists, and an empty correction", async () => {
    const authorization = await signIn();
    await connectOwnBrand(authorization);
    const industry = await send("PATCH", "/brand", authorization, { industry: "finance-and-everything" });
    expectContractResponse("updateBrand", industry);
    expect(industry.statusCode).toBe(400);
    expect(industry.json().details).toEqual([
      { path: "/industry", message: "Choose an industry from the list" },
    ]);
    const country = await send("PATCH", "/brand", authorization, { country: "ZZ" });
    expect(country.statusCode).toBe(400);
    expect(country.json().details).toEqual([{ path: "/country", message: "Choose a country from the list" }]);
    expect((await send("PATCH", "/brand", authorization, {})).statusCode).toBe(400);
    expect((await send("PATCH", "/brand", authorization, { brandName: "   " })).statusCode).toBe(400);
    // Nothing was stored by the refused corrections.
    const { brand } = (await send("GET", "/brand", authorization)).json<Schemas["BrandResponse"]>();
    expect(brand).toMatchObject({ name: "Hollow Oak", industry: null, country: "GB" });
  });

  it("never changes the shared sample brand, and needs a brand", async () => {
    const none = await signIn();
    const missing = await send("PATCH", "/brand", none, { industry: industries[0] });
    expectContractResponse("updateBrand", missing);
    expect(missing.statusCode).toBe(404);

    const authorization = await signIn();
    expect((await send("POST", "/brand", authorization, { sample: true })).statusCode).toBe(201);
    const before = (await send("GET", "/brand", authorization)).json<Schemas["BrandResponse"]>().brand;
    const refused = await send("PATCH", "/brand", authorization, { industry: industries[1] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "SAMPLE_BRAND" });
    const after = (await send("GET", "/brand", authorization)).json<Schemas["BrandResponse"]>().brand;
    expect(after?.industry).toBe(before?.industry);
  });

  it("refuses an unknown industry when the brand is connected, instead of storing it", async () => {
    const authorization = await signIn();
    const created = await send("POST", "/brand", authorization, {
      websiteUrl: "https://hollow-oak.example/",
      country: "GB",
      brandName: "Hollow Oak",
      industry: "not-an-industry",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/hollowoak" }],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([
      { path: "/industry", message: "Choose an industry from the list" },
    ]);
  });
});

describe("the intent module of an own brand", () => {
  it("shows no sample badge and no sample keyword for a brand without keywords, even in the sample's market", async () => {
    const authorization = await signIn();
    await connectOwnBrand(authorization);
    const before = await send("GET", "/intent", authorization);
    expectContractResponse("getIntent", before);
    // No industry yet, no keyword imported: an empty list of the brand's own, not sample data.
    expect(before.json()).toMatchObject({ keywordData: [], provenance: { source: "website" } });

    const market = (
      await t.database.pool.query<{ industry: string; country: string }>(
        `select industry, country from keywords where brand_id is null
         group by industry, country order by count(*) desc limit 1`,
      )
    ).rows[0];
    expect(market).toBeDefined();
    await send("PATCH", "/brand", authorization, { industry: market?.industry, country: market?.country });
    const after = (await send("GET", "/intent", authorization)).json<Schemas["KeywordList"]>();
    // The industry's keywords exist only in the sample data set: they are the sample brand's, never an own brand's
    // (docs/decisions.md "Brand data and provenance").
    expect(after).toMatchObject({ keywordData: [], provenance: { source: "website" } });
  });
});
