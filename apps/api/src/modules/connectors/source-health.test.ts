import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import {
  articlesEvery,
  type FakeWebsite,
  homePage,
  rssFeed,
  startFakeWebsite,
} from "../../../test/fake-website";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { saveChannelReading, saveConnection, setConnectionStatus } from "./connections.repo";

type Schemas = components["schemas"];

// What the modules read to say why a brand stays empty: its website and each connected platform, and whether every
// one of them failed at its last run.
let t: TestApp;
let bare: FakeWebsite;
let blog: FakeWebsite;
const DAY = 86_400_000;

beforeAll(async () => {
  bare = await startFakeWebsite();
  blog = await startFakeWebsite();
  t = await buildTestApp({
    jobs: { retryDelaySeconds: 1 },
    env: {
      SAMPLE_DATA: "off",
      WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
      WEBSITE_FETCH_ALLOW_PORTS: `${bare.fetch.allowPorts[0]},${blog.fetch.allowPorts[0]}`,
    },
  });
  // The home page answers, its robots.txt does not: no article can be read until it does.
  bare.pages.set("/", homePage("Quillon Paper"));
  bare.pages.set("/robots.txt", { status: 503, body: "Service Unavailable" });
  blog.pages.set("/", homePage("Larkspur Tea", "/feed.xml"));
  const yesterday = new Date(t.clock.now().getTime() - DAY);
  blog.pages.set(
    "/feed.xml",
    rssFeed("Larkspur Tea", articlesEvery(4, 3, yesterday, `${blog.origin}/blog/post`)),
  );
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await blog?.close();
});

async function signUpWithBrand(site: FakeWebsite, brandName: string) {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const created = await t.app.inject({
    method: "POST",
    url: "/api/brand",
    headers: { authorization: user.authorization },
    payload: {
      websiteUrl: `${site.origin}/`,
      country: "GB",
      brandName,
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/quillonpaper" }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  await jobsDone(t);
  return { ...user, brandId: created.json<{ id: string }>().id };
}

async function health(authorization: string): Promise<Schemas["SourceHealth"]> {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/connectors/health",
    headers: { authorization },
  });
  expectContractResponse("getSourceHealth", response);
  return response.json<Schemas["SourceHealth"]>();
}

describe("GET /connectors/health", () => {
  it("has no live sources before a brand is connected", async () => {
    const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    expect(await health(user.authorization)).toEqual({ sources: [], allFailing: false });
  });

  it("says every source failed when the only one, the website, could not be read, with what to do", async () => {
    const user = await signUpWithBrand(bare, "Quillon Paper");
    const { sources, allFailing } = await health(user.authorization);
    expect(allFailing).toBe(true);
    expect(sources).toEqual([
      {
        source: "website",
        status: "failing",
        problem: expect.stringMatching(/robots\.txt could not be read .*try again tomorrow/),
        lastSuccessAt: null,
      },
    ]);
  });

  it("counts a connected platform: one that works clears the alarm, one that failed names its own problem", async () => {
    const user = await signUpWithBrand(bare, "Quillon Paper");
    const connection = await saveConnection(t.database.db, {
      workspaceId: user.workspaceId,
      brandId: user.brandId,
      provider: "search_console",
      sealedCredential: "sealed",
      status: "connected",
    });
    const working = await health(user.authorization);
    expect(working.allFailing).toBe(false);
    expect(working.sources.map((s) => [s.source, s.status])).toEqual([
      ["website", "failing"],
      ["search_console", "ok"],
    ]);

    await setConnectionStatus(t.database.db, { id: connection.id, status: "token_expired", reason: null });
    const failed = await health(user.authorization);
    expect(failed.allFailing).toBe(true);
    expect(failed.sources[1]).toEqual({
      source: "search_console",
      status: "failing",
      problem: "Its sign-in expired: connect it again on Data sources.",
      lastSuccessAt: null,
    });
  });

  it("counts a channel read with a note (a hidden subscriber count) as working, and a channel not found as failing", async () => {
    const user = await signUpWithBrand(bare, "Quillon Paper");
    const connection = await saveConnection(t.database.db, {
      workspaceId: user.workspaceId,
      brandId: user.brandId,
      provider: "youtube",
      sealedCredential: "sealed",
      status: "connected",
    });
    const reading = { connectionId: connection.id, brandId: user.brandId, readAt: t.clock.now() };
    await saveChannelReading(t.database.db, {
      ...reading,
      title: "Quillon Paper",
      subscribers: null,
      problem: "The channel hides its subscriber count.",
    });
    const hidden = await health(user.authorization);
    expect(hidden.sources[1]).toMatchObject({ source: "youtube", status: "ok", problem: null });

    await saveChannelReading(t.database.db, {
      ...reading,
      title: null,
      subscribers: null,
      problem: "YouTube has no channel at this address (any more): check the link.",
    });
    const gone = await health(user.authorization);
    expect(gone.allFailing).toBe(true);
    expect(gone.sources[1]).toMatchObject({
      source: "youtube",
      status: "failing",
      problem: "YouTube has no channel at this address (any more): check the link.",
    });
  });

  it("is not alarmed for a website that gives its articles, nor for one that has none to give", async () => {
    const user = await signUpWithBrand(blog, "Larkspur Tea");
    const { sources, allFailing } = await health(user.authorization);
    expect(allFailing).toBe(false);
    expect(sources).toEqual([
      { source: "website", status: "ok", problem: null, lastSuccessAt: expect.any(String) },
    ]);

    // Read, but without a feed or dated pages: Data sources says so; it is how the site is, not a failure.
    blog.pages.delete("/feed.xml");
    blog.pages.set("/", homePage("Larkspur Tea"));
    const other = await signUpWithBrand(blog, "Larkspur Tea");
    expect((await health(other.authorization)).sources).toEqual([
      { source: "website", status: "ok", problem: null, lastSuccessAt: null },
    ]);
  });
});
