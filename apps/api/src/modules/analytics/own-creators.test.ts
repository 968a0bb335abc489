import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { type SeededUser, seedSignedInUser } from "../../../test/users";
import {
  contractSender,
  instagramExport,
  keywordPlannerExport,
  ownBrandWithRival,
  type Send,
} from "../../../test/workspaces";
import { jwtKey } from "../../config/keys";
import { loadContract } from "../../http/contract";

type Schemas = components["schemas"];

// Issue 28 §2: an own brand's real creators. A creator list imported on Data sources and the creators @mentioned in
// the competitor's imported posts make the brand's pool, ranked by its keywords' words, size band and engagement
// within that pool (docs/analytics-methods.md §4.8), with the real job queue and PostgreSQL.
const FIXTURES = join(import.meta.dirname, "../../../test/fixtures/creators");
const CREATOR_LIST = readFileSync(join(FIXTURES, "creator-list.csv"));

/** The competitor's Instagram posts, naming creators (and an e-mail address, which names none). */
const competitorPosts = () =>
  instagramExport([
    '1801,1784,brewhaus,"Brewhaus","Cold brew day with @guest.barista and @nina.brews! Orders: hello@brewhaus.example",0,"09/12/2026 08:31",https://www.instagram.com/p/A1/,"IG image",,Lifetime,5820,4105,402,31,4,28,57',
    '1802,1784,brewhaus,"Brewhaus","Thanks again @Guest.Barista.",0,"09/19/2026 09:02",https://www.instagram.com/p/A2/,"IG image",,Lifetime,4310,3980,288,12,2,19,33',
  ]);

let t: TestApp;
let send: Send;
let user: SeededUser;
let rivalId: string;
let listImportId: string;

async function upload(name: string, data: Buffer, fields: Record<string, string> = {}) {
  const response = await send("createImport", user.authorization, {
    upload: { file: { name, data }, fields },
  });
  t.clock.advance(1000);
  await jobsDone(t);
  return response;
}

const setPlan = (plan: string) =>
  t.database.pool.query("update subscriptions set plan = $1 where workspace_id = $2", [
    plan,
    user.workspaceId,
  ]);

const list = async (query: Record<string, string> = {}) => {
  const response = await send("listInfluencers", user.authorization, { query });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json<Schemas["InfluencerList"]>();
};

beforeAll(async () => {
  t = await buildTestApp({ env: { SAMPLE_DATA: "off" }, jobs: { retryDelaySeconds: 1 } });
  send = contractSender(t, await loadContract());
  user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  await setPlan("professional");
  const { rival } = await ownBrandWithRival(t, user.workspaceId, {
    names: ["Lumora", "Brewhaus"],
    country: "US",
    industry: "food-beverage",
  });
  rivalId = rival.id;
  expect(
    (
      await upload(
        "keyword-planner.csv",
        keywordPlannerExport([
          ["cold brew coffee", 1900],
          ["espresso grinder", 880],
          ["pour over kettle", 590],
        ]),
      )
    ).statusCode,
  ).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe("an own brand's real creators", () => {
  it("starts empty", async () => {
    expect(await list()).toEqual({ results: [], total: 0, limited: false });
  });

  it("imports a creator list with other header spellings, and refuses one with bad rows saying why", async () => {
    const bad = await upload("creators-bad.csv", readFileSync(join(FIXTURES, "creator-list-bad-rows.csv")));
    expect(bad.statusCode).toBe(422);
    const refusal = bad.json<Schemas["Error"]>();
    expect(refusal.message).toMatch(/^Nothing was imported: 5 of 5 rows have errors/);
    expect(refusal.details?.map((d) => d.message)).toEqual([
      `Row 2, column "Handle": missing the creator's handle`,
      'Row 3, column "Platform": "Snapchat" is not a platform we read (Instagram, YouTube, TikTok, X, Facebook or LinkedIn)',
      'Row 4, column "Handle": "brew crew" is not a handle: write the name after the "@" (letters, digits, ".", "_" or "-") or the profile link',
      'Row 5, column "Followers": -50 followers is not a count',
      'Row 6, column "Engagement rate": "abc" is not a number',
    ]);
    expect((await list()).total).toBe(0);

    const created = await upload("creators.csv", CREATOR_LIST);
    expect(created.statusCode, created.body).toBe(201);
    const imported = created.json<Schemas["Import"]>();
    listImportId = imported.id;
    expect(imported).toMatchObject({
      format: "creator-list",
      status: "completed",
      rows: 4,
      imported: 4,
      holds: { posts: 0, followerDays: 0, keywords: 0, audienceSegments: 0, creators: 4 },
    });
  });

  it("is for the own brand only: a competitor's creator list is refused", async () => {
    const refused = await upload("creators.csv", CREATOR_LIST, { brandId: rivalId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Schemas["Error"]>().message).toBe(
      "A creator list fills your own brand's creator pool, so it can only be imported for your brand: choose your " +
        'brand under "Whose data is it?" and upload the file again.',
    );
  });

  it("adds the creators @mentioned in the competitor's posts, and ranks the pool in the method's order", async () => {
    expect((await upload("brewhaus-posts.csv", competitorPosts(), { brandId: rivalId })).statusCode).toBe(
      201,
    );
    const ranked = await list();
    expect(ranked.total).toBe(5);
    expect(ranked.results.map((r) => [r.handle, r.origin])).toEqual([
      ["nina.brews", "creator_list"],
      ["kettleking", "creator_list"],
      ["dailyespresso", "creator_list"],
      ["latte.lab", "creator_list"],
      ["guest.barista", "mentioned_in_posts"],
    ]);
    const [nina, kettle] = ranked.results;
    // Real creators: no audience fit or authenticity is made up; the brand's words found are their topics.
    expect(nina).toMatchObject({
      name: "Nina Ferreira",
      platform: "instagram",
      followers: 48_200,
      engagementRate: 0.041,
      audienceFit: null,
      authenticity: null,
      country: "PT",
      sizeBand: "micro",
      topicMatch: 1,
      mentions: 1,
    });
    expect(nina?.topics).toEqual(
      expect.arrayContaining(["cold", "brew", "coffee", "espresso", "grinder", "pour"]),
    );
    expect(kettle).toMatchObject({
      platform: "youtube",
      followers: 1_250_000,
      engagementRate: null,
      sizeBand: "mega",
    });
    expect(ranked.results[4]).toMatchObject({
      name: "guest.barista",
      followers: null,
      engagementRate: null,
      sizeBand: null,
      topicMatch: 0,
      mentions: 2,
    });
    expect((await list({ platform: "youtube" })).results.map((r) => r.handle)).toEqual(["kettleking"]);
    expect((await list({ search: "latte" })).results.map((r) => r.handle)).toEqual(["latte.lab"]);
    expect(await list({ industry: "fashion" })).toMatchObject({ results: [], total: 0 });
  });

  it("exports the pool as CSV saying where each creator came from, unknowns left empty", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/export/influencers",
      headers: { authorization: user.authorization },
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      "name,handle,platform,country,followers,engagement_rate,audience_fit,authenticity,topics,source,topic_match,size_band,mentions",
    );
    expect(rows).toEqual([
      "Nina Ferreira,nina.brews,instagram,PT,48200,0.041,,,cold; brew; coffee; espresso; grinder; pour,creator_list,1,micro,1",
      expect.stringMatching(
        /^Kettle King,kettleking,youtube,US,1250000,,,,pour; kettle,creator_list,0\.333\d*,mega,0$/,
      ),
      expect.stringMatching(
        /^Daily Espresso,dailyespresso,instagram,DE,52000,0\.02,,,espresso,creator_list,0\.166\d*,micro,0$/,
      ),
      "Latte Lab,latte.lab,tiktok,,9800,0.075,,,,creator_list,0,nano,0",
      "guest.barista,guest.barista,instagram,,,,,,,mentioned_in_posts,0,,2",
    ]);
  });

  it("shows a creator's details with unknowns as unknown and where it came from", async () => {
    const [nina, , , , guest] = (await list()).results;
    const details = await send("getInfluencer", user.authorization, { params: { id: nina?.id ?? "" } });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<Schemas["InfluencerDetails"]>()).toMatchObject({
      handle: "nina.brews",
      origin: "creator_list",
      audienceFit: null,
      demographics: { ages: [], genders: [], countries: [] },
      provenance: { source: "csv_import", sourceName: "Creator list (creators.csv)" },
    });
    const mentioned = await send("getInfluencer", user.authorization, { params: { id: guest?.id ?? "" } });
    expect(mentioned.json<Schemas["InfluencerDetails"]>().provenance.sourceName).toBe("Mentioned in posts");
  });

  it("on Starter shows the pool's top 3, and no details of the others", async () => {
    await setPlan("starter");
    try {
      const top = await list();
      expect(top).toMatchObject({ total: 5, limited: true });
      expect(top.results.map((r) => r.handle)).toEqual(["nina.brews", "kettleking", "dailyespresso"]);
      await setPlan("professional");
      const fourth = (await list()).results[3]?.id ?? "";
      await setPlan("starter");
      expect((await send("getInfluencer", user.authorization, { params: { id: fourth } })).statusCode).toBe(
        404,
      );
    } finally {
      await setPlan("professional");
    }
  });

  it("is the workspace's own: another workspace reads none of it", async () => {
    const other = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    await ownBrandWithRival(t, other.workspaceId, { names: ["Other", "Rival"], country: "US" });
    const id = (await list()).results[0]?.id ?? "";
    expect((await send("getInfluencer", other.authorization, { params: { id } })).statusCode).toBe(404);
    const theirs = await send("listInfluencers", other.authorization, {});
    expect(theirs.json<Schemas["InfluencerList"]>().total).toBe(0);
  });

  it("loses the list's creators with the list's import; the mentioned ones stay", async () => {
    expect(
      (await send("deleteImport", user.authorization, { params: { id: listImportId } })).statusCode,
    ).toBe(204);
    t.clock.advance(1000);
    await jobsDone(t);
    expect((await list()).results.map((r) => [r.handle, r.origin])).toEqual([
      ["guest.barista", "mentioned_in_posts"],
      ["nina.brews", "mentioned_in_posts"],
    ]);
  });

  it("keeps the mentioned creators through a recompute of the competitor, and loses them with its posts", async () => {
    // A Refresh recomputes the brand and the competitor with nothing new in its posts: the pool stays as it was.
    const refreshed = await send("getCompetitorAnalytics", user.authorization, {
      query: { refresh: "true" },
    });
    expect(refreshed.json<Schemas["CompetitorAnalytics"]>().refresh?.status).toBe("queued");
    await jobsDone(t);
    expect((await list()).results.map((r) => [r.handle, r.mentions])).toEqual([
      ["guest.barista", 2],
      ["nina.brews", 1],
    ]);
    const postsImport = await t.database.pool.query<{ id: string }>(
      "select id from imports where brand_id = $1 and format <> 'creator-list'",
      [rivalId],
    );
    for (const { id } of postsImport.rows) {
      expect((await send("deleteImport", user.authorization, { params: { id } })).statusCode).toBe(204);
    }
    t.clock.advance(1000);
    await jobsDone(t);
    expect(await list()).toMatchObject({ results: [], total: 0 });
  });
});
