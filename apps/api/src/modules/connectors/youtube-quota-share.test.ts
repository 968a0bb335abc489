import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { connectorHarness, startConnectorApp } from "../../../test/connector-harness";
import { type FakeYoutube, startFakeYoutube } from "../../../test/fake-youtube";
import { seedSignedInUser } from "../../../test/users";
import { ownBrandWithRival } from "../../../test/workspaces";
import { jwtKey } from "../../config/keys";
import { DAY_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";

// Issue 29: Google counts the YouTube quota per key's project, so the operator's key, which every workspace without
// its own uses, is split between those workspaces (youtube-allowance.ts): none can spend the others'. The key's quota
// is made small here (20 units a day) against the local fake of the Data API, which counts 1 unit a list call.
const KEY = "AIzaFakeYoutubeKey0000000000000000000";
let fake: FakeYoutube;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  fake = await startFakeYoutube({ keys: [KEY] });
  ({ t, close } = await startConnectorApp(
    { YOUTUBE_API_BASE_URL: fake.baseUrl, YOUTUBE_API_KEY: KEY, YOUTUBE_OPERATOR_KEY_QUOTA: "20" },
    () => fake.close(),
  ));
});
afterAll(() => close?.());

const youtube = connectorHarness(() => t, "youtube");

/** A workspace whose brand Lumora and competitor Brewhaus connect their channels with the operator's key. */
async function connectedWorkspace() {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const { own, rival } = await ownBrandWithRival(t, user.workspaceId, {
    names: ["Lumora", "Brewhaus"],
    country: "GB",
  });
  const connected = await youtube.send("PUT", "/connectors/youtube", user.authorization, {
    channels: [
      { brandId: own.id, channel: "@lumoracoffee" },
      { brandId: rival.id, channel: "@brewhaus" },
    ],
  });
  expect(connected.statusCode).toBe(200);
  await jobsDone(t);
  return user;
}

describe("the operator's YouTube key, split between the workspaces that use it", () => {
  it("gives each workspace its share of the key's day, stops a workspace at its share and says so", async () => {
    const first = await connectedWorkspace();
    // Alone on the key: all of its 20 units, of which the two channels took 5.
    expect(await youtube.connector(first.authorization)).toMatchObject({
      status: "connected",
      keySource: "operator",
      dailyQuota: 20,
      quotaUsedToday: 5,
      operatorKeyShare: { keyQuota: 20, workspaces: 1 },
    });

    const second = await connectedWorkspace();
    const third = await connectedWorkspace();
    expect(await youtube.connector(third.authorization)).toMatchObject({
      dailyQuota: 6,
      operatorKeyShare: { keyQuota: 20, workspaces: 3 },
    });

    // The next quota day: a third of the key each. Lumora's channel (2 units) leaves less than a channel's read (5).
    t.clock.advance(DAY_MS);
    const signedIn = async (user: Awaited<ReturnType<typeof connectedWorkspace>>) =>
      `Bearer ${await signIdToken(user, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;
    fake.calls.length = 0;
    expect((await youtube.refresh(await signedIn(first))).statusCode).toBe(202);
    expect(fake.calls.map((call) => call.split("?")[0])).toEqual(["channels", "playlistItems"]);
    const stopped = await youtube.connector(await signedIn(first));
    expect(stopped).toMatchObject({
      status: "quota_exhausted",
      dailyQuota: 6,
      quotaUsedToday: 2,
      operatorKeyShare: { keyQuota: 20, workspaces: 3 },
    });
    expect(stopped.statusReason).toMatch(
      /^This workspace's share of Brandscope's YouTube key is used up \(6 of its 20 units a day, split between 3 workspaces\): reading resumes at \d\d:\d\d UTC\.$/,
    );
    // The others' shares are untouched by it.
    expect(await youtube.connector(await signedIn(second))).toMatchObject({
      quotaUsedToday: 0,
      dailyQuota: 6,
    });
  });
});
