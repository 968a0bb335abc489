import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { startConnectorApp } from "../../../test/connector-harness";
import { type FakeYoutube, startFakeYoutube } from "../../../test/fake-youtube";
import { seedSignedInUser } from "../../../test/users";
import { contractSender, keywordPlannerExport, ownBrandWithRival, type Send } from "../../../test/workspaces";
import { jwtKey } from "../../config/keys";
import { loadContract } from "../../http/contract";
import { signIdToken } from "../auth/id-token";

type Schemas = components["schemas"];

// Issue 28, "Real creators": YouTube channels found by an own brand's keywords join its creator pool, with the
// workspace's own key, against a local fake of the Data API v3 answering search.list and channels.list in Google's
// shapes (test/fake-youtube.ts); the connector's real client and the real job queue run.
const KEY = "AIzaFakeYoutubeKey0000000000000000000";
let fake: FakeYoutube;
let t: TestApp;
let send: Send;
let close: () => Promise<void>;
beforeAll(async () => {
  fake = await startFakeYoutube({ keys: [KEY] });
  ({ t, close } = await startConnectorApp({ YOUTUBE_API_BASE_URL: fake.baseUrl }, () => fake.close()));
  send = contractSender(t, await loadContract());
});
afterAll(() => close?.());

describe("YouTube creator search", () => {
  it("finds channels by the brand's keywords once a week, ranks them in its pool, and spends the quota it says", async () => {
    const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    await t.database.pool.query("update subscriptions set plan = 'professional' where workspace_id = $1", [
      user.workspaceId,
    ]);
    const { own, rival } = await ownBrandWithRival(t, user.workspaceId, {
      names: ["Lumora", "Brewhaus"],
      country: "US",
    });
    const imported = await send("createImport", user.authorization, {
      upload: {
        file: {
          name: "keyword-planner.csv",
          data: keywordPlannerExport([
            ["cold brew coffee", 1900],
            ["espresso grinder", 880],
            ["pour over kettle", 590],
            ["latte art class", 20],
          ]),
        },
      },
    });
    expect(imported.statusCode).toBe(201);
    await jobsDone(t);

    const connected = await send("connectYoutube", user.authorization, {
      body: {
        apiKey: KEY,
        channels: [
          { brandId: own.id, channel: "@lumoracoffee" },
          { brandId: rival.id, channel: "@brewhaus" },
        ],
      },
    });
    expect(connected.statusCode).toBe(200);
    await jobsDone(t);

    // One search by the three keywords of most searches, then the found channels' statistics in one call.
    const searches = fake.calls.filter((call) => call.startsWith("search?"));
    expect(searches).toHaveLength(1);
    const search = new URLSearchParams(searches[0]?.split("?")[1]);
    expect(Object.fromEntries(search)).toEqual({
      part: "snippet",
      type: "channel",
      q: "cold brew coffee|espresso grinder|pour over kettle",
      maxResults: "10",
    });
    const connector = (await send("getYoutubeConnector", user.authorization)).json<
      Schemas["YoutubeConnector"]
    >();
    // The channel reads (Lumora 2 units, Brewhaus 3), the search (100) with its one channels.list (1), each found
    // channel's uploads (3, one of them gone) and their videos in one videos.list (1).
    expect(connector).toMatchObject({ status: "connected", quotaUsedToday: 110 });

    const list = (await send("listInfluencers", user.authorization)).json<Schemas["InfluencerList"]>();
    // The brands' own channels matched the search too, but are not creators to work with.
    expect(list.results.map((r) => [r.handle, r.origin, r.followers, r.sizeBand])).toEqual([
      ["kettleking", "youtube_search", 412_000, "mid"],
      ["coldbrewclub", "youtube_search", 8400, "nano"],
      ["ucquietroaster000000000a", "youtube_search", null, null],
    ]);
    expect(list.results[0]).toMatchObject({
      name: "Kettle King",
      platform: "youtube",
      country: "US",
      audienceFit: null,
      // Its three recent videos: (2,600 + 140 + 1,900 + 110 + 1,500 + 90) / (52,000 + 41,000 + 38,000).
      engagementRate: 6340 / 131_000,
      topicMatch: 1,
    });
    // Its recent titles count as what it talks about; Cold Brew Club shows likes on one video only: no rate.
    expect(list.results[0]?.topics).toEqual(expect.arrayContaining(["grinder", "kettle"]));
    expect(list.results[1]).toMatchObject({ handle: "coldbrewclub", engagementRate: null });
    const details = await send("getInfluencer", user.authorization, {
      params: { id: list.results[0]?.id ?? "" },
    });
    expect(details.json<Schemas["InfluencerDetails"]>().provenance).toMatchObject({
      source: "provider",
      sourceName: "YouTube search",
    });

    // A token of the session as of the clock, which the test moves by days.
    const signedIn = async () => `Bearer ${await signIdToken(user, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;
    // The next day's read does not search again: the pool is refreshed weekly.
    fake.calls.length = 0;
    t.clock.advance(24 * 3_600_000);
    expect((await send("refreshYoutube", await signedIn())).statusCode).toBe(202);
    await jobsDone(t);
    expect(fake.calls.some((call) => call.startsWith("search?"))).toBe(false);
    expect(fake.calls.length).toBeGreaterThan(0);
    // A week on, it does.
    fake.calls.length = 0;
    t.clock.advance(7 * 24 * 3_600_000);
    expect((await send("refreshYoutube", await signedIn())).statusCode).toBe(202);
    await jobsDone(t);
    expect(fake.calls.filter((call) => call.startsWith("search?"))).toHaveLength(1);
  });
});

describe("YouTube creator search with the operator's key", () => {
  let operated: TestApp;
  let operatedSend: Send;
  let closeOperated: () => Promise<void>;
  beforeAll(async () => {
    ({ t: operated, close: closeOperated } = await startConnectorApp(
      { YOUTUBE_API_BASE_URL: fake.baseUrl, YOUTUBE_API_KEY: KEY, YOUTUBE_OPERATOR_SEARCHES_PER_DAY: "1" },
      async () => {},
    ));
    operatedSend = contractSender(operated, await loadContract());
  });
  afterAll(() => closeOperated?.());

  it("makes at most the cap's searches a day per workspace, says so, and searches the brand left over the next day", async () => {
    const user = await seedSignedInUser(operated.database.db, jwtKey(TEST_JWT_SECRET), {
      now: operated.clock.now(),
    });
    await operated.database.pool.query(
      "update subscriptions set plan = 'enterprise' where workspace_id = $1",
      [user.workspaceId],
    );
    // Two own brands of the workspace, each with keywords to search by and a YouTube connection of its own (each
    // brand's connections are its own: docs/data-sources.md "Each brand's connections"); the cap is the workspace's.
    const ownBrands: string[] = [];
    for (const names of [
      ["Lumora", "Brewhaus"],
      ["Kettlebloom", "Steamworks"],
    ] as const) {
      const { own } = await ownBrandWithRival(operated, user.workspaceId, { names, country: "US" });
      ownBrands.push(own.id);
      await operated.database.pool.query(
        `insert into keywords (brand_id, country, keyword, currency, volume, trend, intent, source)
         values ($1, 'US', $2, 'USD', 1900, '{}', 'informational', 'csv_import')`,
        [own.id, `${names[0].toLowerCase()} cold brew`],
      );
    }
    fake.calls.length = 0;
    for (const brand of ownBrands) {
      const connected = await operatedSend("connectYoutube", user.authorization, {
        body: { channels: [] },
        headers: { "x-brand-id": brand },
      });
      expect(connected.statusCode, connected.body).toBe(200);
    }
    await jobsDone(operated);

    const searchesMade = () => fake.calls.filter((call) => call.startsWith("search?"));
    const searchedFor = () => searchesMade().map((call) => new URLSearchParams(call.split("?")[1]).get("q"));
    const firstDay = searchedFor();
    expect(firstDay).toHaveLength(1);
    const connector = async (authorization: string) =>
      (await operatedSend("getYoutubeConnector", authorization)).json<Schemas["YoutubeConnector"]>();
    expect(await connector(user.authorization)).toMatchObject({
      keySource: "operator",
      creatorSearch: { perDay: 1, usedToday: 1, unitsPerSearch: 100 },
    });

    // The next quota day, the brand left over is searched, and the first is not again (weekly).
    fake.calls.length = 0;
    operated.clock.advance(24 * 3_600_000);
    const signedIn = `Bearer ${await signIdToken(user, jwtKey(TEST_JWT_SECRET), operated.clock.now())}`;
    const readNow = async (authorization: string) => {
      for (const brand of ownBrands) {
        const response = await operatedSend("refreshYoutube", authorization, {
          headers: { "x-brand-id": brand },
        });
        expect(response.statusCode).toBe(202);
      }
      await jobsDone(operated);
    };
    await readNow(signedIn);
    expect([...firstDay, ...searchedFor()].sort()).toEqual(["kettlebloom cold brew", "lumora cold brew"]);
    expect((await connector(signedIn)).creatorSearch).toEqual({
      perDay: 1,
      usedToday: 1,
      unitsPerSearch: 100,
    });

    // A day on, both brands have had their week's search: none is made.
    fake.calls.length = 0;
    operated.clock.advance(24 * 3_600_000);
    const later = `Bearer ${await signIdToken(user, jwtKey(TEST_JWT_SECRET), operated.clock.now())}`;
    await readNow(later);
    expect(searchesMade()).toHaveLength(0);
    expect((await connector(later)).creatorSearch.usedToday).toBe(0);
  });
});
