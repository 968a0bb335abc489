import type { components } from "@brandscope/api-client/schema";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { SEALED_WITH_TEST_KEY } from "../../../test/config";
import { connectorHarness, startConnectorApp } from "../../../test/connector-harness";
import { expectContractResponse } from "../../../test/contract-response";
import { type FakeYoutube, startFakeYoutube } from "../../../test/fake-youtube";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import {
  brandCompetitors,
  brands,
  connections,
  followerSnapshots,
  posts,
  workspaceBrands,
} from "../../db/schema";
import { signIdToken } from "../auth/id-token";

type Schemas = components["schemas"];

// The YouTube connector against a local fake of the Data API v3 (test/fake-youtube.ts), with the real job queue:
// what a workspace connects is read by the job, stored as the brands' YouTube audience and videos, and recomputed.
const KEY = "AIzaFakeYoutubeKey0000000000000000000";
const DAY_MS = 24 * 3_600_000;
let fake: FakeYoutube;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  // Two videos a page: Brewhaus's three uploads take two playlist pages, as a long channel's would.
  fake = await startFakeYoutube({ keys: [KEY], pageSize: 2 });
  ({ t, close } = await startConnectorApp({ YOUTUBE_API_BASE_URL: fake.baseUrl }, () => fake.close()));
});
afterAll(() => close?.());
beforeEach(() => {
  fake.quotaExceeded = false;
  fake.calls.length = 0;
});

async function insertBrand(workspaceId: string, name: string) {
  const [brand] = await t.database.db
    .insert(brands)
    .values({
      workspaceId,
      name,
      website: `https://${name.toLowerCase()}.example/`,
      country: "GB",
      status: "active",
    })
    .returning();
  if (!brand) throw new Error("no brand");
  return brand;
}

/** A workspace with its own brand (Lumora) and one competitor (Brewhaus). */
async function workspace() {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const own = await insertBrand(user.workspaceId, "Lumora");
  const rival = await insertBrand(user.workspaceId, "Brewhaus");
  await t.database.db.insert(workspaceBrands).values({ workspaceId: user.workspaceId, brandId: own.id });
  await t.database.db
    .insert(brandCompetitors)
    .values({ workspaceId: user.workspaceId, brandId: own.id, competitorId: rival.id });
  return { user, authorization: user.authorization, workspaceId: user.workspaceId, own, rival };
}

const { send, connector } = connectorHarness(() => t, "youtube");

describe("the YouTube connector", () => {
  it("reads each brand's channel: audience, videos with their statistics, and the competitor module shows it", async () => {
    const w = await workspace();
    expect(await connector(w.authorization)).toMatchObject({ status: "not_connected", nextRunAt: null });
    const connected = await send("PUT", "/connectors/youtube", w.authorization, {
      apiKey: KEY,
      channels: [
        { brandId: w.own.id, channel: "@lumoracoffee" },
        { brandId: w.rival.id, channel: "https://www.youtube.com/@brewhaus/videos" },
      ],
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({ status: "reading", keySource: "workspace" });
    await jobsDone(t);

    const after = await connector(w.authorization);
    expect(after).toMatchObject({
      status: "connected",
      statusReason: null,
      quotaUsedToday: 6,
      dailyQuota: 10_000,
    });
    // The daily refresh reads it again at the workspace's own hour (refresh-schedule.ts).
    expect(after.nextRunAt).toMatch(/T\d\d:17:00\.000Z$/);
    expect(after.channels).toEqual([
      {
        brandId: w.own.id,
        brandName: "Lumora",
        isOwnBrand: true,
        channel: "https://www.youtube.com/@lumoracoffee",
        title: "Lumora Coffee",
        subscribers: null,
        subscribersRoundedTo: null,
        problem: "The channel hides its subscriber count.",
      },
      {
        brandId: w.rival.id,
        brandName: "Brewhaus",
        isOwnBrand: false,
        channel: "https://www.youtube.com/@brewhaus",
        title: "Brewhaus Coffee",
        subscribers: 18400,
        subscribersRoundedTo: 100,
        problem: null,
      },
    ]);
    // Lumora: its channel and an empty uploads page; Brewhaus: its channel, two playlist pages, one videos call.
    expect(fake.calls.map((call) => call.split("?")[0])).toEqual([
      "channels",
      "playlistItems",
      "channels",
      "playlistItems",
      "playlistItems",
      "videos",
    ]);

    const audience = await t.database.db
      .select()
      .from(followerSnapshots)
      .where(and(eq(followerSnapshots.brandId, w.rival.id), eq(followerSnapshots.platform, "youtube")));
    expect(audience.map((a) => [a.followers, a.source])).toEqual([[18400, "provider"]]);
    const videos = await t.database.db.select().from(posts).where(eq(posts.brandId, w.rival.id));
    expect(
      videos
        .map((v) => [v.url, v.likes, v.comments, v.views, v.source])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["https://www.youtube.com/watch?v=bRw1Pour0v1", 811, 64, 12044, "provider"],
      // A hidden like count and a missing comment count are stored as unknown, not 0.
      ["https://www.youtube.com/watch?v=bRw2Roast0v2", null, 12, 8020, "provider"],
      ["https://www.youtube.com/watch?v=bRw3Latte0v3", 2210, null, 30551, "provider"],
    ]);

    // The key is sealed at rest.
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.workspaceId, w.workspaceId));
    expect(row?.sealedCredential).toMatch(SEALED_WITH_TEST_KEY);
    expect(row?.sealedCredential).not.toContain(KEY);

    const competitor = await t.app.inject({
      method: "GET",
      url: "/api/competitor?period=90d",
      headers: { authorization: w.authorization },
    });
    expect(competitor.statusCode).toBe(200);
    const entry = competitor
      .json<Schemas["CompetitorAnalytics"]>()
      .competitors.find((c: { id: string }) => c.id === w.rival.id);
    expect(entry?.audienceByPlatform).toContainEqual(
      expect.objectContaining({ platform: "youtube", audience: 18400 }),
    );
  });

  it("says when the quota is spent, when the key is refused and when a channel is gone", async () => {
    const w = await workspace();
    await send("PUT", "/connectors/youtube", w.authorization, {
      apiKey: KEY,
      channels: [{ brandId: w.rival.id, channel: "@no-such-channel" }],
    });
    await jobsDone(t);
    expect((await connector(w.authorization)).channels[1]).toMatchObject({
      problem: "YouTube has no channel at this address (any more): check the link.",
      subscribers: null,
    });

    fake.quotaExceeded = true;
    expect((await send("POST", "/connectors/youtube/refresh", w.authorization)).statusCode).toBe(202);
    await jobsDone(t);
    const spent = await connector(w.authorization);
    expect(spent.status).toBe("quota_exhausted");
    expect(spent.statusReason).toMatch(
      /^YouTube's quota for this key is used up: reading resumes at \d\d:00 UTC\.$/,
    );

    fake.quotaExceeded = false;
    const refused = await send("PUT", "/connectors/youtube", w.authorization, {
      apiKey: "AIzaSomebodyElsesKey000000000000000000",
      channels: [],
    });
    expect(refused.statusCode).toBe(200);
    await jobsDone(t);
    expect(await connector(w.authorization)).toMatchObject({
      status: "key_rejected",
      statusReason: "YouTube refused the API key: check it in the Google Cloud console, then enter it again.",
    });
  });

  it("tries again when YouTube does not answer, then reads the channel", async () => {
    const w = await workspace();
    fake.failNext(1);
    await send("PUT", "/connectors/youtube", w.authorization, {
      apiKey: KEY,
      channels: [{ brandId: w.rival.id, channel: "UCbrewhausCoffeeCo00000a" }],
    });
    await jobsDone(t);
    expect(await connector(w.authorization)).toMatchObject({ status: "connected" });
    expect((await connector(w.authorization)).channels[1]?.subscribers).toBe(18400);
  });

  it("refuses what it cannot look up, brands of other workspaces, and a connection without a key", async () => {
    const w = await workspace();
    const other = await workspace();
    const custom = await send("PUT", "/connectors/youtube", w.authorization, {
      apiKey: KEY,
      channels: [{ brandId: w.rival.id, channel: "https://www.youtube.com/c/Brewhaus" }],
    });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().details).toEqual([
      {
        path: "/channels/0/channel",
        message:
          "Use the channel's @handle or its youtube.com/channel/… link: custom /c/ links cannot be looked up",
      },
    ]);
    const theirs = await send("PUT", "/connectors/youtube", w.authorization, {
      apiKey: KEY,
      channels: [{ brandId: other.rival.id, channel: "@brewhaus" }],
    });
    expect(theirs.statusCode).toBe(404);
    const keyless = await send("PUT", "/connectors/youtube", w.authorization, { channels: [] });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().details).toEqual([{ path: "/apiKey", message: "Enter a YouTube Data API key" }]);
    expect((await send("POST", "/connectors/youtube/refresh", w.authorization)).statusCode).toBe(409);
    expect(fake.calls).toEqual([]);
  });

  it("limits refreshes, and forgets the key on disconnect while the data read stays", async () => {
    const w = await workspace();
    await send("PUT", "/connectors/youtube", w.authorization, {
      apiKey: KEY,
      channels: [{ brandId: w.rival.id, channel: "@brewhaus" }],
    });
    await jobsDone(t);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await send("POST", "/connectors/youtube/refresh", w.authorization)).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
    await jobsDone(t);
    expect((await send("DELETE", "/connectors/youtube", w.authorization)).statusCode).toBe(204);
    expect((await connector(w.authorization)).status).toBe("not_connected");
    const videos = await t.database.db.select().from(posts).where(eq(posts.brandId, w.rival.id));
    expect(videos).toHaveLength(3);
  });

  // Last in the file: it moves the clock on two weeks.
  it("keeps YouTube's rounded subscriber counts as such, and reports growth only beyond the rounding", async () => {
    const w = await workspace();
    const BREWHAUS = "UCbrewhausCoffeeCo00000a";
    // The session lasts 30 days; its ID token is signed again after the clock moves.
    const authorization = async () =>
      `Bearer ${await signIdToken(w.user, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;
    /** Brewhaus's true count on the day, which the fake answers rounded down to three significant figures. */
    const readOn = async (subscribers: number, first = false) => {
      fake.subscribers.set(BREWHAUS, subscribers);
      const response = first
        ? await send("PUT", "/connectors/youtube", await authorization(), {
            apiKey: KEY,
            channels: [
              { brandId: w.own.id, channel: "@lumoracoffee" },
              { brandId: w.rival.id, channel: "@brewhaus" },
            ],
          })
        : await send("POST", "/connectors/youtube/refresh", await authorization());
      expect(response.statusCode).toBeLessThan(300);
      await jobsDone(t);
    };
    const youtubeFigures = async () => {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/competitor?period=7d",
        headers: { authorization: await authorization() },
      });
      expectContractResponse("getCompetitorAnalytics", response);
      return response
        .json<Schemas["CompetitorAnalytics"]>()
        .competitors.find((c: { id: string }) => c.id === w.rival.id)
        ?.audienceByPlatform.find((f: { platform: string }) => f.platform === "youtube");
    };

    // Week 1: 18,390 → 18,410 true subscribers read 18,300 → 18,400: one step of rounding, not 100 new followers.
    await readOn(18_390, true);
    t.clock.advance(7 * DAY_MS);
    await readOn(18_410);
    expect(await youtubeFigures()).toMatchObject({
      audience: 18_400,
      audienceRoundedTo: 100,
      audienceGrowth: null,
    });
    // Week 2: 18,410 → 18,720 read 18,400 → 18,700: three steps, a growth the rounding cannot make.
    t.clock.advance(7 * DAY_MS);
    await readOn(18_720);
    expect(await youtubeFigures()).toMatchObject({
      audience: 18_700,
      audienceRoundedTo: 100,
      audienceGrowth: 300,
    });

    // Each count is stored with its step; Lumora's hidden count is no row at all, unknown rather than 0.
    const stored = await t.database.db
      .select({
        brandId: followerSnapshots.brandId,
        followers: followerSnapshots.followers,
        step: followerSnapshots.roundedTo,
      })
      .from(followerSnapshots)
      .where(eq(followerSnapshots.platform, "youtube"))
      .orderBy(asc(followerSnapshots.day));
    expect(stored.filter((s) => s.brandId === w.own.id)).toEqual([]);
    expect(stored.filter((s) => s.brandId === w.rival.id).map((s) => [s.followers, s.step])).toEqual([
      [18_300, 100],
      [18_400, 100],
      [18_700, 100],
    ]);
    expect(
      (await connector(await authorization())).channels.map((c) => [
        c.brandName,
        c.subscribers,
        c.subscribersRoundedTo,
      ]),
    ).toEqual([
      ["Lumora", null, null],
      ["Brewhaus", 18_700, 100],
    ]);
  });
});
