import type { components } from "@brandscope/api-client/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { insertOwnBrand } from "../../../test/brand-rows";
import { SEALED_WITH_TEST_KEY } from "../../../test/config";
import { connectorHarness, startConnectorApp } from "../../../test/connector-harness";
import { expectContractResponse } from "../../../test/contract-response";
import {
  FAKE_LOGIN_CONFIG_ID,
  type FakeMeta,
  META_VERSIONS_SERVED,
  startFakeMeta,
} from "../../../test/fake-meta";
import { recordedJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import {
  brandCompetitors,
  brands,
  connections,
  followerSnapshots,
  posts,
  socialAccounts,
  workspaceBrands,
} from "../../db/schema";
import { HOUR_MS, MINUTE_MS } from "../../lib/clock";
import { META_GRAPH_API_VERSION } from "./instagram-api";
import { syncInstagramJob } from "./instagram-sync.job";
import { refreshSourcesJob } from "./refresh-sources.job";

type Schemas = components["schemas"];
type Connector = Schemas["InstagramConnector"];

// The Instagram connector against a local fake of Facebook Login and the Graph API (test/fake-meta.ts), with the
// real job queue: the consent, the long-lived token, the account chosen, business_discovery of each brand stored as
// its Instagram audience and posts and shown by the competitor module, and every way Meta says no.
let meta: FakeMeta;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  meta = await startFakeMeta();
  ({ t, close } = await startConnectorApp(meta.env, () => meta.close()));
});
afterAll(() => close?.());
beforeEach(() => {
  meta.calls.length = 0;
  meta.versions.length = 0;
  meta.discoveryError = undefined;
  meta.malformed = false;
  meta.noAccounts = false;
  meta.usage = { app: 5, business: 3, regainMinutes: 0 };
  meta.userDeclines = [];
  meta.grant.clear();
  meta.dialogs.length = 0;
  meta.pageRoleViaBusinessManager = false;
});

async function insertBrand(workspaceId: string, name: string, instagram: string | null) {
  const [brand] = await t.database.db
    .insert(brands)
    .values({
      workspaceId,
      name,
      website: `https://${name.toLowerCase().replace(/ /g, "")}.example/`,
      country: "GB",
      status: "active",
    })
    .returning();
  if (!brand) throw new Error("no brand");
  if (instagram) {
    await t.database.db
      .insert(socialAccounts)
      .values({ brandId: brand.id, platform: "instagram", url: instagram });
  }
  return brand;
}

/** Lumora (instagram.com/lumoracoffee) with competitors Brewhaus and Ghost Beans (no business account). */
async function workspace(ownInstagram: string | null = "https://www.instagram.com/lumoracoffee/") {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const own = await insertBrand(user.workspaceId, "Lumora", ownInstagram);
  const rival = await insertBrand(user.workspaceId, "Brewhaus", "instagram.com/brewhaus");
  const ghost = await insertBrand(user.workspaceId, "Ghost Beans", "@ghostbeans");
  await t.database.db.insert(workspaceBrands).values({ workspaceId: user.workspaceId, brandId: own.id });
  for (const competitor of [rival, ghost]) {
    await t.database.db
      .insert(brandCompetitors)
      .values({ workspaceId: user.workspaceId, brandId: own.id, competitorId: competitor.id });
  }
  return { ...user, own, rival, ghost };
}

const { send, connector, authorize, callback, outcome, refresh, ...harness } = connectorHarness(
  () => t,
  "instagram",
);
const connect = (authorization: string) => harness.connect(authorization, (url) => meta.consent(url));

const profileOf = (c: Connector, brandId: string) => c.profiles.find((p) => p.brandId === brandId);

/** What the worker hands a job, with the test's database, configuration and clock. */
const workerDeps = (jobs: ReturnType<typeof recordedJobs>["jobs"]) => harness.workerDeps(jobs);

describe("the Instagram connector", () => {
  it("connects with Facebook Login and reads each brand's followers, media count and posts, which the competitor module shows", async () => {
    const w = await workspace();
    expect(await connector(w.authorization)).toMatchObject({ status: "not_connected", nextRunAt: null });

    const started = await authorize(w.authorization);
    const dialog = new URL(started.url);
    expect(Object.fromEntries(dialog.searchParams)).toMatchObject({
      client_id: meta.env.META_APP_ID,
      redirect_uri: "https://app.brandscope.test/api/connectors/instagram/callback",
      response_type: "code",
      scope:
        "instagram_basic,instagram_manage_insights,pages_read_engagement,pages_show_list,business_management,ads_read",
      code_challenge_method: "S256",
    });
    // Classic Facebook Login (no META_LOGIN_CONFIG_ID): scope, no config_id, and nothing to ask again.
    expect(dialog.searchParams.has("config_id")).toBe(false);
    expect(dialog.searchParams.has("auth_type")).toBe(false);
    expect(started.cookie).toMatch(/^brandscope_instagram=[\w-]{43}$/);
    expect(started.setCookie).toContain("Path=/api/connectors/instagram/callback");
    expect(started.setCookie).toMatch(/HttpOnly; SameSite=Lax; Secure$/);

    const { code, state } = meta.consent(started.url);
    const back = await callback({ code, state }, started.cookie);
    expect(outcome(back)).toEqual({ status: "connected" });
    expect(String(back.headers.location)).not.toContain(code);
    await jobsDone(t);
    // The dialog and every Graph call on one version, one Meta serves (v21.0 only until 21 January 2027).
    expect(dialog.pathname).toBe(`/${META_GRAPH_API_VERSION.version}/dialog/oauth`);
    expect(META_VERSIONS_SERVED).toContain(META_GRAPH_API_VERSION.version);
    expect(new Set(meta.versions)).toEqual(new Set([META_GRAPH_API_VERSION.version]));

    const after = await connector(w.authorization);
    expect(after).toMatchObject({
      status: "connected",
      statusReason: null,
      missingPermissions: [],
      rateLimitedUntil: null,
      // The account of the brand's own Instagram link is chosen, found on the second page of /me/accounts.
      account: { id: "17841400000000002", username: "lumoracoffee", pageName: "Lumora Coffee" },
      accounts: [
        { id: "17841400000000001", username: "brewhausfans", pageName: "Brewhaus Fans" },
        { id: "17841400000000002", username: "lumoracoffee", pageName: "Lumora Coffee" },
      ],
    });
    // The long-lived token's expiry (expires_in 5183944 s, about 60 days) is shown.
    const expiresIn = Date.parse(after.tokenExpiresAt ?? "") - t.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(59 * 24 * HOUR_MS);
    expect(expiresIn).toBeLessThan(61 * 24 * HOUR_MS);
    expect(after.nextRunAt).toMatch(/T\d\d:17:00\.000Z$/);
    expect(profileOf(after, w.own.id)).toMatchObject({
      isOwnBrand: true,
      username: "lumoracoffee",
      followers: 12840,
      mediaCount: 230,
      problem: null,
    });
    expect(profileOf(after, w.rival.id)).toMatchObject({
      username: "brewhaus",
      followers: 48210,
      mediaCount: 612,
      problem: "1 post hides its like count: stored as unknown, not 0, so engagement figures leave it out.",
    });
    expect(profileOf(after, w.ghost.id)).toMatchObject({
      username: "ghostbeans",
      followers: null,
      problem: expect.stringMatching(/^Instagram has no business or creator account @ghostbeans/),
    });
    expect(meta.calls).toEqual([
      "POST oauth/access_token code",
      "POST oauth/access_token fb_exchange_token",
      "GET me/permissions",
      "GET me/accounts",
      "GET me/accounts after=QVFIUmFrZTI",
      "GET business_discovery lumoracoffee",
      "GET business_discovery brewhaus",
      "GET business_discovery brewhaus after=QVFIUmVkaWEy",
      "GET business_discovery ghostbeans",
    ]);

    const stored = await t.database.db
      .select()
      .from(posts)
      .where(and(eq(posts.brandId, w.rival.id), eq(posts.platform, "instagram")));
    expect(stored.map((p) => [p.url, p.format, p.likes, p.comments, p.source]).sort()).toEqual([
      ["https://www.instagram.com/p/C0aAaAaAaA1/", "image", 1288, 41, "provider"],
      // The post that hides its like count is stored with its likes unknown, not 0.
      ["https://www.instagram.com/p/C0aAaAaAaA3/", "carousel", null, 12, "provider"],
      ["https://www.instagram.com/reel/C0aAaAaAaA2/", "reel", 5402, 97, "provider"],
    ]);
    const audience = await t.database.db
      .select()
      .from(followerSnapshots)
      .where(and(eq(followerSnapshots.brandId, w.rival.id), eq(followerSnapshots.platform, "instagram")));
    expect(audience).toMatchObject([{ followers: 48210, source: "provider" }]);

    // The token is sealed at rest.
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(and(eq(connections.workspaceId, w.workspaceId), eq(connections.provider, "instagram")));
    expect(row?.sealedCredential).toMatch(SEALED_WITH_TEST_KEY);
    expect(JSON.stringify(row)).not.toContain(meta.longLivedToken);

    const readCompetitors = () =>
      t.app.inject({
        method: "GET",
        url: "/api/competitor?period=90d",
        headers: { authorization: w.authorization },
      });
    let competitor = await readCompetitors();
    // Figures are computed by a job, never inside the read (docs/decisions.md: figures never computed in a request).
    if (competitor.statusCode === 202) {
      await jobsDone(t);
      competitor = await readCompetitors();
    }
    expectContractResponse("getCompetitorAnalytics", competitor);
    const entry = competitor
      .json<Schemas["CompetitorAnalytics"]>()
      .competitors.find((c: { id: string }) => c.id === w.rival.id);
    expect(entry?.audienceByPlatform).toContainEqual(
      expect.objectContaining({ platform: "instagram", audience: 48210 }),
    );

    // Disconnecting forgets the token and removes the app's permissions at Meta; what was read stays.
    expect((await send("DELETE", "/connectors/instagram", w.authorization)).statusCode).toBe(204);
    expect(meta.calls.at(-1)).toBe("DELETE me/permissions");
    expect((await connector(w.authorization)).status).toBe("not_connected");
  });

  it("refuses a state of another browser or used, and says when the user declined or Meta refuses the code", async () => {
    const w = await workspace();
    const mine = await authorize(w.authorization);
    const { code, state } = meta.consent(mine.url);
    expect(outcome(await callback({ code, state }, undefined))).toEqual({ error: "state_invalid" });
    expect(outcome(await callback({ code, state: "made-up" }, mine.cookie))).toEqual({
      error: "state_invalid",
    });

    const declined = await authorize(w.authorization);
    const declinedState = new URL(declined.url).searchParams.get("state") ?? "";
    const denial = {
      error: "access_denied",
      error_code: "200",
      error_description: "Permissions error",
      error_reason: "user_denied",
      state: declinedState,
    };
    expect(outcome(await callback(denial, declined.cookie))).toEqual({ error: "access_denied" });

    const refused = await authorize(w.authorization);
    const consent = meta.consent(refused.url);
    expect(outcome(await callback({ code: "AQDnot-a-code", state: consent.state }, refused.cookie))).toEqual({
      error: "exchange_failed",
    });
    const long = await callback({ code: "x", state: "s".repeat(5000) }, refused.cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: "VALIDATION_FAILED" });

    meta.noAccounts = true;
    expect(await connect(w.authorization)).toEqual({ error: "no_account" });
    expect((await connector(w.authorization)).status).toBe("not_connected");
  });

  it("lets the user choose the account when none is the brand's", async () => {
    const w = await workspace(null);
    expect(await connect(w.authorization)).toEqual({ status: "choose_account" });
    const waiting = await connector(w.authorization);
    expect(waiting).toMatchObject({ status: "choose_account", account: null, nextRunAt: null });
    expect(profileOf(waiting, w.own.id)?.problem).toMatch(/^No Instagram link/);
    expect((await refresh(w.authorization)).statusCode).toBe(409);

    const unlisted = await send("PUT", "/connectors/instagram", w.authorization, { accountId: "999" });
    expect(unlisted.statusCode).toBe(400);
    const chosen = await send("PUT", "/connectors/instagram", w.authorization, {
      accountId: "17841400000000001",
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ status: "reading", account: { username: "brewhausfans" } });
    await jobsDone(t);
    expect(profileOf(await connector(w.authorization), w.rival.id)?.followers).toBe(48210);
  });

  it("stops at Meta's rate limit, by its error codes and by its usage headers, and says until when", async () => {
    const w = await workspace();
    await connect(w.authorization);

    meta.discoveryError = "rate";
    expect((await refresh(w.authorization)).statusCode).toBe(202);
    const limited = await connector(w.authorization);
    expect(limited.status).toBe("rate_limited");
    expect(Date.parse(limited.rateLimitedUntil ?? "") - t.clock.now().getTime()).toBe(HOUR_MS);
    expect(limited.statusReason).toMatch(/rate limited until \d\d:\d\d UTC/);
    // While it holds, nothing is asked of Meta: a refresh is refused, the daily refresh's run reads nothing.
    const refused = await send("POST", "/connectors/instagram/refresh", w.authorization);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    await t.database.db
      .update(connections)
      .set({ lastRunAt: new Date(t.clock.now().getTime() - 48 * HOUR_MS) })
      .where(eq(connections.workspaceId, w.workspaceId));
    meta.calls.length = 0;
    const daily = recordedJobs();
    const deps = workerDeps(daily.jobs);
    await refreshSourcesJob(deps);
    expect(daily.queued).toContainEqual({
      kind: "sync-instagram",
      data: { workspaceId: w.workspaceId, brandId: w.own.id },
    });
    await syncInstagramJob(deps, { workspaceId: w.workspaceId }, { retryCount: 0, retryLimit: 3 });
    expect(meta.calls).toEqual([]);
    expect((await connector(w.authorization)).status).toBe("rate_limited");

    // Code 17 (a user's limit) as well; then the usage headers: at 95 % of the business use case's limit the run
    // stops after the first account, before Meta throttles it, until Meta's estimated time to regain access.
    await t.database.db
      .update(connections)
      .set({ rateLimitedUntil: null })
      .where(eq(connections.workspaceId, w.workspaceId));
    meta.discoveryError = "user_rate";
    await refresh(w.authorization);
    expect((await connector(w.authorization)).status).toBe("rate_limited");

    await t.database.db
      .update(connections)
      .set({ rateLimitedUntil: null })
      .where(eq(connections.workspaceId, w.workspaceId));
    meta.discoveryError = undefined;
    meta.usage = { app: 20, business: 95, regainMinutes: 30 };
    meta.calls.length = 0;
    await refresh(w.authorization);
    expect(meta.calls).toEqual(["GET business_discovery lumoracoffee"]);
    const throttled = await connector(w.authorization);
    expect(throttled.status).toBe("rate_limited");
    expect(Date.parse(throttled.rateLimitedUntil ?? "") - t.clock.now().getTime()).toBe(30 * MINUTE_MS);
  });

  it("says 'token expired: reconnect' when Meta refuses the token or it has expired, with its date", async () => {
    const w = await workspace();
    await connect(w.authorization);
    meta.discoveryError = "expired";
    await refresh(w.authorization);
    const expired = await connector(w.authorization);
    expect(expired).toMatchObject({ status: "token_expired", nextRunAt: null });
    expect(expired.statusReason).toMatch(/token expired, reconnect/);
    expect((await send("POST", "/connectors/instagram/refresh", w.authorization)).statusCode).toBe(409);

    // Reconnecting reads again; a token past its expiry date is not even tried.
    meta.discoveryError = undefined;
    expect(await connect(w.authorization)).toEqual({ status: "connected" });
    expect((await connector(w.authorization)).status).toBe("connected");
    await t.database.db
      .update(connections)
      .set({ credentialExpiresAt: new Date("2025-12-05T18:00:00Z") })
      .where(eq(connections.workspaceId, w.workspaceId));
    const lapsed = await connector(w.authorization);
    expect(lapsed).toMatchObject({ status: "token_expired", tokenExpiresAt: "2025-12-05T18:00:00.000Z" });
    expect(lapsed.statusReason).toContain("expired on 2025-12-05");
  });

  it("Instagram missing-permission test: a declined instagram_manage_insights is named, re-requested, and once granted the account reads", async () => {
    const w = await workspace();
    meta.userDeclines = ["instagram_manage_insights"];
    expect(await connect(w.authorization)).toEqual({ error: "permission_missing" });
    // Nothing is read with a grant business_discovery would refuse, and the connection does not pretend to work.
    expect(meta.calls).toEqual([
      "POST oauth/access_token code",
      "POST oauth/access_token fb_exchange_token",
      "GET me/permissions",
    ]);
    const waiting = await connector(w.authorization);
    expect(waiting).toMatchObject({
      status: "permission_missing",
      missingPermissions: ["instagram_manage_insights"],
      statusReason: "Instagram needs the permission instagram_manage_insights: reconnect and allow it.",
      nextRunAt: null,
    });
    const refused = await send("POST", "/connectors/instagram/refresh", w.authorization);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: waiting.statusReason });
    // The daily refresh asks Meta nothing for it.
    meta.calls.length = 0;
    await syncInstagramJob(
      workerDeps(recordedJobs().jobs),
      { workspaceId: w.workspaceId },
      { retryCount: 0, retryLimit: 3 },
    );
    expect(meta.calls).toEqual([]);
    expect((await connector(w.authorization)).status).toBe("permission_missing");

    // Reconnecting asks again: auth_type=rerequest. Without it Facebook Login would not ask for a declined
    // permission again, and the grant would still lack it.
    meta.userDeclines = [];
    const again = await authorize(w.authorization);
    expect(new URL(again.url).searchParams.get("auth_type")).toBe("rerequest");
    const withoutRerequest = new URL(again.url);
    withoutRerequest.searchParams.delete("auth_type");
    const stale = meta.consent(withoutRerequest.href);
    expect(outcome(await callback({ code: stale.code, state: stale.state }, again.cookie))).toEqual({
      error: "permission_missing",
    });

    const rerequest = await authorize(w.authorization);
    expect(new URL(rerequest.url).searchParams.get("auth_type")).toBe("rerequest");
    const granted = meta.consent(rerequest.url);
    expect(outcome(await callback({ code: granted.code, state: granted.state }, rerequest.cookie))).toEqual({
      status: "connected",
    });
    await jobsDone(t);
    const read = await connector(w.authorization);
    expect(read).toMatchObject({ status: "connected", statusReason: null, missingPermissions: [] });
    expect(profileOf(read, w.rival.id)?.followers).toBe(48210);
    // Once granted, the next login asks nothing again.
    expect(new URL((await authorize(w.authorization)).url).searchParams.has("auth_type")).toBe(false);
  });

  it("names the permission the user removed since connecting, when business_discovery refuses it", async () => {
    const w = await workspace();
    await connect(w.authorization);
    meta.grant.set("instagram_manage_insights", "declined");
    meta.calls.length = 0;
    await refresh(w.authorization);
    expect(meta.calls).toEqual(["GET business_discovery lumoracoffee", "GET me/permissions"]);
    expect(await connector(w.authorization)).toMatchObject({
      status: "permission_missing",
      missingPermissions: ["instagram_manage_insights"],
      statusReason: "Instagram needs the permission instagram_manage_insights: reconnect and allow it.",
    });
    expect(new URL((await authorize(w.authorization)).url).searchParams.get("auth_type")).toBe("rerequest");
  });

  it("names ads_read when the user's Page role comes through Business Manager and it was declined", async () => {
    const w = await workspace();
    meta.pageRoleViaBusinessManager = true;
    meta.userDeclines = ["ads_read"];
    // Not required at the callback (a direct Page role reads without it): connected, then the read says what lacks.
    expect(await connect(w.authorization)).toEqual({ status: "connected" });
    expect(await connector(w.authorization)).toMatchObject({
      status: "permission_missing",
      missingPermissions: ["ads_read"],
      statusReason: "Instagram needs the permission ads_read: reconnect and allow it.",
    });
    meta.userDeclines = [];
    const again = await authorize(w.authorization);
    expect(new URL(again.url).searchParams.get("auth_type")).toBe("rerequest");
    const { code, state } = meta.consent(again.url);
    expect(outcome(await callback({ code, state }, again.cookie))).toEqual({ status: "connected" });
    await jobsDone(t);
    expect(profileOf(await connector(w.authorization), w.rival.id)?.followers).toBe(48210);
  });

  it("keeps Meta's permissions while another brand of the workspace holds Instagram, and removes them with the last", async () => {
    const w = await workspace();
    expect(await connect(w.authorization)).toEqual({ status: "connected" });
    // A second own brand, now the newest, connects the same Facebook user: a connection of its own.
    const second = await insertBrand(w.workspaceId, "Lumora Tea", "https://www.instagram.com/lumoracoffee/");
    await t.database.db.insert(workspaceBrands).values({ workspaceId: w.workspaceId, brandId: second.id });
    expect(await connect(w.authorization)).toHaveProperty("status");
    const held = await t.database.db
      .select({ brandId: connections.brandId })
      .from(connections)
      .where(and(eq(connections.workspaceId, w.workspaceId), eq(connections.provider, "instagram")));
    expect(held.map((c) => c.brandId).sort()).toEqual([w.own.id, second.id].sort());
    // Meta's permissions are the Facebook user's for the app: removing them for one brand would stop the other's.
    const leave = (brandId: string) =>
      t.app.inject({
        method: "DELETE",
        url: "/api/connectors/instagram",
        headers: { authorization: w.authorization, "x-brand-id": brandId },
      });
    meta.calls.length = 0;
    expect((await leave(w.own.id)).statusCode).toBe(204);
    expect(meta.calls).not.toContain("DELETE me/permissions");
    expect((await leave(second.id)).statusCode).toBe(204);
    expect(meta.calls.at(-1)).toBe("DELETE me/permissions");
  });

  it("survives malformed data and retries a Meta outage", async () => {
    const w = await workspace();
    meta.malformed = true;
    await connect(w.authorization);
    const read = await connector(w.authorization);
    expect(read.status).toBe("connected");
    expect(profileOf(read, w.rival.id)).toMatchObject({
      followers: null,
      mediaCount: 612,
      problem: "Meta gave no follower count. 5 posts Meta sent could not be read and were left out.",
    });
    const stored = await t.database.db
      .select()
      .from(posts)
      .where(and(eq(posts.brandId, w.rival.id), eq(posts.platform, "instagram")));
    expect(stored.map((p) => p.url)).toEqual(["https://www.instagram.com/p/C0aAaAaAaA4/"]);

    meta.malformed = false;
    meta.failNext(1);
    meta.calls.length = 0;
    await refresh(w.authorization);
    expect(meta.calls[0]).toMatch(/ 500$/);
    expect(await connector(w.authorization)).toMatchObject({ status: "connected", statusReason: null });
  });
});

describe("the Instagram connector with Facebook Login for Business", () => {
  it("sends the configuration (config_id) instead of scope, and a permission the configuration lacks is the operator's to add", async () => {
    const { t: configured, close: closeConfigured } = await startConnectorApp(
      { ...meta.env, META_LOGIN_CONFIG_ID: FAKE_LOGIN_CONFIG_ID },
      async () => {},
    );
    const calls = connectorHarness(() => configured, "instagram");
    try {
      const user = await seedSignedInUser(configured.database.db, jwtKey(TEST_JWT_SECRET), {
        now: configured.clock.now(),
      });
      // A connection is a brand's: the workspace has one.
      await insertOwnBrand(configured.database.db, user.workspaceId);
      const login = async () => {
        let url = new URL("about:blank");
        const answer = await calls.connect(user.authorization, (sent) => {
          url = new URL(sent);
          return meta.consent(sent);
        });
        return { url, outcome: answer };
      };
      const first = await login();
      expect(first.url.searchParams.get("config_id")).toBe(FAKE_LOGIN_CONFIG_ID);
      expect(first.url.searchParams.has("scope")).toBe(false);
      expect(first.outcome).toEqual({ status: "choose_account" });

      // A configuration without instagram_manage_insights: the user granted all it asks, so reconnecting cannot
      // help; the sentence says the operator must add it, and no rerequest is sent (the configuration decides).
      meta.configPermissions = meta.configPermissions.filter((p) => p !== "instagram_manage_insights");
      meta.grant.clear();
      const second = await login();
      expect(second.outcome).toEqual({ error: "permission_missing" });
      expect(await calls.connector(user.authorization)).toMatchObject({
        status: "permission_missing",
        missingPermissions: ["instagram_manage_insights"],
        statusReason: expect.stringMatching(
          /^Instagram needs the permission instagram_manage_insights, which this server's Facebook Login for Business configuration does not ask for: its operator must add it/,
        ),
      });
      const third = await login();
      expect(third.url.searchParams.has("auth_type")).toBe(false);
    } finally {
      meta.configPermissions.push("instagram_manage_insights");
      await closeConfigured();
    }
  });
});
