import type { components } from "@brandscope/api-client/schema";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import {
  articlesEvery,
  type FakeWebsite,
  homePage,
  rssFeed,
  startFakeWebsite,
  urlSitemap,
} from "../../../test/fake-website";
import { recordedJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { createWorkerDeps } from "../../jobs/worker-deps";
import { collectBrandJob } from "../brand/collect.job";
import { refreshSourcesJob } from "./refresh-sources.job";

type Schemas = components["schemas"];

// The websites as sources of articles, with the real job queue: a connected brand's feed and a competitor's
// sitemap are read when they are collected, fill the content module's website channel, are read again on demand
// and by the daily refresh, and a website that fails that day keeps what was read.
let t: TestApp;
let own: FakeWebsite;
let rival: FakeWebsite;
const DAY = 86_400_000;

beforeAll(async () => {
  own = await startFakeWebsite();
  rival = await startFakeWebsite();
  t = await buildTestApp({
    jobs: { retryDelaySeconds: 1 },
    env: {
      SAMPLE_DATA: "off",
      WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
      WEBSITE_FETCH_ALLOW_PORTS: `${own.fetch.allowPorts[0]},${rival.fetch.allowPorts[0]}`,
    },
  });
  const now = t.clock.now();
  own.pages.set("/", homePage("Larkspur Tea", "/feed.xml"));
  // Ten articles, one every three days, the newest yesterday.
  own.pages.set(
    "/feed.xml",
    rssFeed("Larkspur Tea", articlesEvery(10, 3, new Date(now.getTime() - DAY), `${own.origin}/blog/post`)),
  );
  rival.pages.set("/", homePage("Ashgrove Teas"));
  rival.pages.set(
    "/sitemap.xml",
    urlSitemap([
      { path: `${rival.origin}/about`, lastmod: now },
      ...[2, 9, 16].map((daysAgo) => ({
        path: `${rival.origin}/journal/notes-${daysAgo}`,
        lastmod: new Date(now.getTime() - daysAgo * DAY),
      })),
    ]),
  );
});
afterAll(async () => {
  await t?.close();
  await own?.close();
  await rival?.close();
});

async function send(method: "GET" | "POST", url: string, authorization: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
}

async function websites(authorization: string): Promise<Schemas["WebsiteSource"][]> {
  const response = await send("GET", "/connectors/websites", authorization);
  expectContractResponse("listWebsiteSources", response);
  return response.json<Schemas["WebsiteSourceList"]>().websites;
}

let authorization = "";
let ownId = "";
let rivalId = "";

describe("websites as sources of articles", () => {
  it("reads the brand's feed and the competitor's sitemap when they are collected", async () => {
    authorization = (await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() }))
      .authorization;
    const created = await send("POST", "/brand", authorization, {
      websiteUrl: `${own.origin}/`,
      country: "GB",
      brandName: "Larkspur Tea",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/larkspurtea" }],
    });
    expect(created.statusCode).toBe(201);
    ownId = created.json<Schemas["Brand"]>().id;
    const competitor = await send("POST", "/brand/competitor", authorization, {
      websiteUrl: `${rival.origin}/`,
      brandName: "Ashgrove Teas",
    });
    expect(competitor.statusCode).toBe(201);
    rivalId = competitor.json<Schemas["Brand"]>().id;
    await jobsDone(t);

    const [brandSource, rivalSource] = await websites(authorization);
    expect(brandSource).toMatchObject({
      brandId: ownId,
      own: true,
      status: "connected",
      articles: 10,
      datedBy: "feed",
      sourceUrl: `${own.origin}/feed.xml`,
      problem: null,
    });
    expect(brandSource?.nextRunAt).not.toBeNull();
    expect(rivalSource).toMatchObject({
      brandId: rivalId,
      own: false,
      status: "connected",
      articles: 3,
      datedBy: "sitemap",
      sourceUrl: `${rival.origin}/sitemap.xml`,
    });

    const content = await send("GET", "/content", authorization);
    expectContractResponse("getContent", content);
    const { website } = content.json<Schemas["ContentAnalytics"]>();
    // The feed reaches back 28 days: the 30-day period, which ends today (docs/decisions.md "Periods"), is counted
    // from its oldest article, 10 articles in 29 days.
    expect(website).toMatchObject({
      status: "ok",
      n: 10,
      datedBy: "feed",
      reason: expect.stringMatching(/^Counted from /),
    });
    expect(website.articlesPerWeek.value).toBeCloseTo((10 / 29) * 7, 5);
    expect(website.latest.map((a) => a.title)).toEqual(["Post 10", "Post 9", "Post 8", "Post 7", "Post 6"]);

    // The competitor's cadence sits with its website metrics: 3 articles over the 17 days its sitemap covers
    // (16 days ago to today).
    const comparison = await send("GET", "/competitor", authorization);
    expectContractResponse("getCompetitorAnalytics", comparison);
    const rivalEntry = comparison
      .json<Schemas["CompetitorAnalytics"]>()
      .competitors.find((c) => c.id === rivalId);
    const rivalRate = rivalEntry?.metrics.find((m) => m.metric === "articlesPerWeek");
    expect(rivalRate).toMatchObject({ status: "ok", n: 3, previous: null });
    expect(rivalRate?.value).toBeCloseTo((3 / 17) * 7, 5);
  });

  it("reads a website again on demand, within the collection's limit, and only the workspace's own", async () => {
    const again = await send("POST", `/connectors/websites/${ownId}/refresh`, authorization);
    expectContractResponse("refreshWebsiteSource", again);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ brandId: ownId, status: "reading", nextRunAt: null });
    await jobsDone(t);
    expect((await websites(authorization))[0]).toMatchObject({ status: "connected", articles: 10 });

    for (let i = 0; i < 2; i++) await send("POST", `/connectors/websites/${ownId}/refresh`, authorization);
    const limited = await send("POST", `/connectors/websites/${ownId}/refresh`, authorization);
    expectContractResponse("refreshWebsiteSource", limited);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^This website was read a moment ago\. You can read it again in /);

    const outsider = await t.authorization();
    const foreign = await send("POST", `/connectors/websites/${rivalId}/refresh`, outsider);
    expect(foreign.statusCode).toBe(404);
    expect(await websites(outsider)).toEqual([]);
    await jobsDone(t);
  });

  it("is read again every day, adds what is new, and keeps what it has when the website fails that day", async () => {
    const { jobs, queued } = recordedJobs();
    const deps = createWorkerDeps({
      db: t.database.db,
      config: t.config,
      log: pino({ level: "silent" }),
      clock: t.clock,
      jobs,
    });
    // Read a day ago: both are due at the next hourly run, whatever their workspace's hour.
    await t.database.pool.query("update website_reads set last_run_at = last_run_at - interval '25 hours'");
    const now = t.clock.now();
    own.pages.set(
      "/feed.xml",
      rssFeed("Larkspur Tea", [
        {
          title: "First flush is in",
          path: `${own.origin}/blog/first-flush`,
          publishedAt: new Date(now.getTime() - 2 * 60 * 60 * 1000),
        },
        ...articlesEvery(9, 3, new Date(now.getTime() - 2 * DAY), `${own.origin}/blog/post`),
      ]),
    );
    await refreshSourcesJob(deps);
    expect(queued).toEqual(
      expect.arrayContaining([
        { kind: "collect-brand", data: { brandId: ownId, daily: true } },
        { kind: "collect-brand", data: { brandId: rivalId, daily: true } },
      ]),
    );

    await collectBrandJob(deps, { brandId: ownId, daily: true }, { retryCount: 0, retryLimit: 3 });
    expect((await websites(authorization))[0]).toMatchObject({
      status: "connected",
      articles: 11,
      problem: null,
    });

    own.pages.set("/", { status: 500, body: "down" });
    // A retryable failure is thrown for pg-boss to try again; on the last try the brand keeps its status and data.
    await expect(
      collectBrandJob(deps, { brandId: ownId, daily: true }, { retryCount: 0, retryLimit: 3 }),
    ).rejects.toThrow();
    await collectBrandJob(deps, { brandId: ownId, daily: true }, { retryCount: 3, retryLimit: 3 });
    expect((await websites(authorization))[0]).toMatchObject({
      status: "problem",
      articles: 11,
      problem:
        "The website could not be read on the last daily refresh: The website answered with an error (HTTP 500).",
    });
    const brand = await send("GET", "/brand", authorization);
    expect(brand.json<Schemas["BrandResponse"]>().brand).toMatchObject({ status: "active" });
  });
});
