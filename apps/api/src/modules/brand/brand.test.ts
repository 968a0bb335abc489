import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { multipart } from "../../../test/multipart";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { RETRY_COLLECTION_LIMIT } from "./current-brand";

type Schemas = components["schemas"];

/** The days meta-facebook-posts.csv covers, read as a custom period. */
const FIXTURE_DAYS = "period=custom&from=2026-08-29&to=2026-09-12";
const FIXTURES = join(import.meta.dirname, "../../../../../../shared/fixtures/imports");

let t: TestApp;
let site: Server;
let siteUrl: string;
/** Answers 503 this many more times before serving the page (a flaky website). */
let failuresLeft = 0;
/** The website's logo: a test may change it. */
let logo: Buffer;

const squareLogo = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

const page = `<!doctype html><html><head><title>Bramble Tea</title>
<meta name="description" content="Loose-leaf teas, blended in Bristol.">
<link rel="apple-touch-icon" sizes="180x180" href="/logo.png"></head>
<body><a href="https://www.instagram.com/brambletea">Instagram</a>
<a href="https://www.youtube.com/@brambletea">YouTube</a></body></html>`;

beforeAll(async () => {
  logo = await squareLogo("#4b3f8f");
  site = createServer((request, response) => {
    if (request.url === "/logo.png") {
      response.writeHead(200, { "content-type": "image/png" }).end(logo);
    } else if (failuresLeft > 0) {
      failuresLeft -= 1;
      response.writeHead(503).end();
    } else {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}/`;
  t = await buildTestApp({
    jobs: true,
    env: { WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1", WEBSITE_FETCH_ALLOW_PORTS: String(port) },
  });
  return async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
  };
});
afterAll(() => undefined);

const signIn = async () =>
  (await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() })).authorization;

async function call(method: "GET" | "POST" | "DELETE", url: string, authorization: string, payload?: object) {
  const operations: Record<string, string> = {
    "GET /brand": "getBrand",
    "POST /brand": "createBrand",
    "POST /brand?replace=true": "createBrand",
    "POST /brand/reset": "resetBrand",
    "POST /brand/collect": "retryBrandCollection",
    "GET /brand/competitor": "listBrandCompetitors",
    "POST /brand/competitor": "addBrandCompetitor",
  };
  const operationId = operations[`${method} ${url}`];
  const response = await t.app.inject({ method, url: `/api${url}`, headers: { authorization }, payload });
  if (operationId) expectContractResponse(operationId, response);
  return response;
}

async function brandOnceSettled(authorization: string): Promise<Schemas["Brand"]> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const { brand } = (await call("GET", "/brand", authorization)).json<Schemas["BrandResponse"]>();
    if (brand && (brand.status === "active" || brand.status === "error")) return brand;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The brand's collection did not settle in 30 s");
}

const ownBrand = (website: string) => ({
  websiteUrl: website,
  country: "GB",
  brandName: "  Bramble Tea ",
  socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/bramble.tea" }],
});

describe("connecting an own brand", () => {
  it("stores it pending, then collects its website in the background", async () => {
    const authorization = await signIn();
    const created = await call("POST", "/brand", authorization, ownBrand(siteUrl));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Bramble Tea",
      status: "pending",
      sample: false,
      logo: null,
    });
    const brand = await brandOnceSettled(authorization);
    expect(brand).toMatchObject({ status: "active", statusReason: null });
    expect(brand.logo).toMatch(/^\/media\/logos\/.+\.webp$/);
    // The link typed by the user stays; the site adds the platforms it links to.
    expect(brand.socialLinks).toEqual([
      { platform: "instagram", url: "https://instagram.com/bramble.tea" },
      { platform: "youtube", url: "https://www.youtube.com/@brambletea" },
    ]);
    // The collection queued the brand's figures: a module read answers them once that job has run.
    await jobsDone(t);
    const content = await t.app.inject({ method: "GET", url: "/api/content", headers: { authorization } });
    expectContractResponse("getContent", content);
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json().contentBreakdown).toMatchObject({ status: "no_data", items: [] });
    expect(content.json().provenance).toMatchObject({ source: "website" });
  });

  it("retries a failing website with back-off and still succeeds", async () => {
    failuresLeft = 1;
    const authorization = await signIn();
    await call("POST", "/brand", authorization, ownBrand(siteUrl));
    expect(await brandOnceSettled(authorization)).toMatchObject({ status: "active" });
    expect(failuresLeft).toBe(0);
  }, 60_000);

  it("ends in error with a reason the user can act on when the address is private", async () => {
    const authorization = await signIn();
    await call("POST", "/brand", authorization, ownBrand("http://10.0.0.1/"));
    const brand = await brandOnceSettled(authorization);
    expect(brand.status).toBe("error");
    expect(brand.statusReason).toBeTruthy();
    const retried = await call("POST", "/brand/collect", authorization);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ status: "pending", statusReason: null });
    // Each start fetches a website: a few per quarter hour, then 429.
    for (let i = 1; i < RETRY_COLLECTION_LIMIT.max; i++) {
      expect((await call("POST", "/brand/collect", authorization)).statusCode).toBe(202);
    }
    const limited = await call("POST", "/brand/collect", authorization);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^The collection was started again a moment ago/);
  });

  it("refuses social links of the wrong platform and repeated platforms in docs/product.md §5's words", async () => {
    const authorization = await signIn();
    const wrong = await call("POST", "/brand", authorization, {
      ...ownBrand(siteUrl),
      socialLinks: [
        { socialPlatform: "facebook", socialLink: "https://www.instagram.com/x" },
        { socialPlatform: "facebook", socialLink: "https://www.facebook.com/x" },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: "/socialLinks/0/socialLink", message: "The link must match the selected platform" },
      { path: "/socialLinks/1/socialPlatform", message: "Each platform must be unique" },
    ]);
    expect((await call("GET", "/brand", authorization)).json()).toEqual({ brand: null });
  });

  it("refuses a brand name of spaces, which would be stored empty, in docs/product.md §5's words", async () => {
    const authorization = await signIn();
    const blank = await call("POST", "/brand", authorization, { ...ownBrand(siteUrl), brandName: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "/brandName", message: "Brand name is required" }],
    });
    expect((await call("GET", "/brand", authorization)).json()).toEqual({ brand: null });

    await call("POST", "/brand", authorization, { sample: true });
    const competitor = await call("POST", "/brand/competitor", authorization, {
      websiteUrl: siteUrl,
      brandName: " \t ",
    });
    expect(competitor.statusCode).toBe(400);
    expect(competitor.json().details).toEqual([{ path: "/brandName", message: "Brand name is required" }]);
  });
});

describe("a brand's logo", () => {
  it("keeps its URL while unchanged, and gets a new URL serving the new picture once the website's changes", async () => {
    const authorization = await signIn();
    await call("POST", "/brand", authorization, ownBrand(siteUrl));
    const first = (await brandOnceSettled(authorization)).logo;
    expect(first).toMatch(/^\/media\/logos\/[0-9a-f-]{36}-[0-9a-f]{20}\.webp$/);
    expect((await call("POST", "/brand/collect", authorization)).statusCode).toBe(202);
    expect((await brandOnceSettled(authorization)).logo).toBe(first);

    const before = logo;
    logo = await squareLogo("#d9822b");
    try {
      await call("POST", "/brand/collect", authorization);
      const second = (await brandOnceSettled(authorization)).logo;
      expect(second).toMatch(/^\/media\/logos\/.+\.webp$/);
      expect(second).not.toBe(first);
      const served = await t.app.inject({ method: "GET", url: second ?? "" });
      expect(served.statusCode).toBe(200);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const means = (await sharp(served.rawPayload).stats()).channels.map((channel) => channel.mean);
      for (const [i, expected] of [0xd9, 0x82, 0x2b].entries()) {
        expect(Math.abs((means[i] ?? 0) - expected)).toBeLessThan(8);
      }
      // The old file is removed: its URL was only ever given for the old picture.
      expect((await t.app.inject({ method: "GET", url: first ?? "" })).statusCode).toBe(404);
    } finally {
      logo = before;
    }
  });
});

describe("a connected brand's own data", () => {
  it("turns an uploaded platform export into computed figures, marked as imported", async () => {
    const authorization = await signIn();
    await call("POST", "/brand", authorization, ownBrand(siteUrl));
    await brandOnceSettled(authorization);
    const file = { name: "posts.csv", data: readFileSync(join(FIXTURES, "meta-facebook-posts.csv")) };
    const { payload, contentType } = multipart(file);
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/brand/imports",
      payload,
      headers: { authorization, "content-type": contentType },
    });
    expect(imported.statusCode).toBe(201);
    const posts = imported.json().imported;
    expect(posts).toBeGreaterThan(0);

    // The import queues the brand's recomputation; its figures follow within seconds. Read for the export's own
    // days (29 Aug–12 Sep 2026): a named period ends today, and a test must not fail by the calendar alone.
    const read = async () =>
      (
        await t.app.inject({ method: "GET", url: `/api/content?${FIXTURE_DAYS}`, headers: { authorization } })
      ).json();
    let content = await read();
    for (let attempt = 0; attempt < 120 && content.contentBreakdown.status !== "ok"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      content = await read();
    }
    expect(content.provenance).toMatchObject({ source: "csv_import", sourceName: "meta-facebook-posts" });
    expect(content.contentBreakdown.items).toEqual([
      expect.objectContaining({ label: "facebook", share: 1, color: "var(--network-facebook)" }),
    ]);
    // A handful of posts is too few for keywords: the answer says why instead of showing zeros.
    expect(content.keywordAnalysis).toMatchObject({ status: "insufficient_history", items: [] });
    expect(content.keywordAnalysis.reason).toMatch(/need 20 posts with text/i);
  }, 60_000);
});

describe("competitors", () => {
  it("keeps within the plan's limit, also under concurrent adds, and removes", async () => {
    const authorization = await signIn();
    await call("POST", "/brand", authorization, ownBrand(siteUrl));
    const add = (name: string) =>
      call("POST", "/brand/competitor", authorization, { websiteUrl: siteUrl, brandName: name });
    const answers = await Promise.all([add("Leaf & Co"), add("Steep Club")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 402]);
    const refused = answers.find((a) => a.statusCode === 402);
    expect(refused?.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message: "Your Starter plan allows 1 competitor. Remove one or upgrade your plan to add another.",
    });
    const list = (await call("GET", "/brand/competitor", authorization)).json<
      Schemas["BrandCompetitorList"]
    >();
    expect(list.limit).toBe(1);
    expect(list.competitors).toHaveLength(1);
    const id = list.competitors[0]?.id ?? "";
    const other = await signIn();
    expect((await call("DELETE", `/brand/competitor/${id}`, other)).statusCode).toBe(404);
    expect((await call("DELETE", `/brand/competitor/${id}`, authorization)).statusCode).toBe(204);
    expect((await call("GET", "/brand/competitor", authorization)).json().competitors).toEqual([]);
  });

  it("refuses a second brand on a one-brand plan, naming the limit, and replaces the brand when asked to", async () => {
    const authorization = await signIn();
    await call("POST", "/brand", authorization, { sample: true });
    expect((await call("GET", "/brand/competitor", authorization)).json().competitors).toHaveLength(1);
    const again = await call("POST", "/brand", authorization, { sample: true });
    expect(again.json()).toMatchObject({ sample: true, name: "Lumora Coffee" });
    const second = await call("POST", "/brand", authorization, ownBrand(siteUrl));
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message: "Your Starter plan includes 1 brand. Upgrade to Enterprise to add more.",
    });
    expect((await call("GET", "/brand", authorization)).json().brand).toMatchObject({ sample: true });
    await call("POST", "/brand?replace=true", authorization, ownBrand(siteUrl));
    expect((await call("GET", "/brand", authorization)).json().brand).toMatchObject({ name: "Bramble Tea" });
    expect((await call("GET", "/brand/competitor", authorization)).json().competitors).toEqual([]);
    const reset = await call("POST", "/brand/reset", authorization);
    expect(reset.statusCode).toBe(200);
    expect((await call("GET", "/brand", authorization)).json()).toEqual({ brand: null });
  });

  it("stays one brand on a one-brand plan when several are connected at once", async () => {
    const { authorization, workspaceId } = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), {
      now: t.clock.now(),
    });
    const answers = await Promise.all([
      call("POST", "/brand?replace=true", authorization, ownBrand(siteUrl)),
      call("POST", "/brand?replace=true", authorization, ownBrand(siteUrl)),
      call("POST", "/brand?replace=true", authorization, { sample: true }),
      call("POST", "/brand?replace=true", authorization, ownBrand(siteUrl)),
      call("POST", "/brand?replace=true", authorization, { sample: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const linked = await t.database.pool.query("select 1 from workspace_brands where workspace_id = $1", [
      workspaceId,
    ]);
    expect(linked.rowCount).toBe(1);
    const owned = await t.database.pool.query("select 1 from brands where workspace_id = $1", [workspaceId]);
    expect(owned.rowCount).toBeLessThanOrEqual(1);
  });

  it("added to the sample brand leave the sample's figures, which every workspace on it reads, as they were", async () => {
    const [adding, reading] = [await signIn(), await signIn()];
    for (const authorization of [adding, reading])
      await call("POST", "/brand", authorization, { sample: true });
    const content = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/content", headers: { authorization: reading } })
      ).json();
    const before = await content();
    // Past the instant the sample's figures were stored at, so that storing them again would show.
    t.clock.advance(60_000);
    const [sampleCompetitor] = (await call("GET", "/brand/competitor", adding)).json().competitors;
    await call("DELETE", `/brand/competitor/${sampleCompetitor.id}`, adding);
    const added = await call("POST", "/brand/competitor", adding, {
      websiteUrl: siteUrl,
      brandName: "Steep Club",
    });
    expect(added.statusCode).toBe(201);
    await jobsDone(t);
    expect(await content()).toEqual(before);
  });
});
