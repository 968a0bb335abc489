import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { insertOwnBrand } from "../../../test/brand-rows";
import { capturedLog } from "../../../test/log";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { users } from "../../db/schema";
import { AppError } from "../../kernel/errors";
import { insertWorkspace } from "../accounts/workspace.repo";
import {
  CONSENT_MS,
  type ConsentCallback,
  type ConsentFlow,
  dataSourcesUrl,
  startConsent,
  takeConsent,
} from "./consent";
import { GOOGLE_ADS } from "./google-ads.provider";
import { INSTAGRAM } from "./instagram.provider";
import { SEARCH_CONSOLE } from "./search-console.provider";

// The consent the three OAuth connectors share, on its own: started for a signed-in user, taken back by the
// browser that started it, once, in time, at the callback of the provider it was started for.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SAMPLE_DATA: "off", APP_URL: "https://app.brandscope.test" } });
});
afterAll(async () => {
  await t?.close();
});

const ctx = (log = pino({ level: "silent" })) => ({
  db: t.database.db,
  clock: t.clock,
  config: t.config,
  log,
  // No X-Brand-Id: the workspace's newest brand.
  brandId: undefined,
});

/** A member of a workspace with a brand: a consent is for one brand, whose connection it makes. */
async function caller() {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const brand = await insertOwnBrand(t.database.db, user.workspaceId);
  return { userId: user.userId, workspaceId: user.workspaceId, brandId: brand.id };
}

/** The callback as the browser makes it, at `flow`'s callback. */
const take = (
  flow: ConsentFlow,
  query: ConsentCallback["query"],
  cookieHeader: string | undefined,
  log?: pino.Logger,
) => takeConsent(ctx(log), flow, { query, cookieHeader });

/** Starts a consent as a connector's authorize operation does; answers the URL and the browser's cookie. */
async function start(flow: ConsentFlow, who: { userId: string; workspaceId: string }) {
  let setCookie = "";
  const { url } = await startConsent(ctx(), { header: (_name, value) => (setCookie = value) }, flow, {
    caller: who,
    clientId: "client-123",
    authorizeUrl: "https://provider.test/authorize?hl=en",
    params: { scope: "read" },
  });
  const state = new URL(url).searchParams.get("state") ?? "";
  return { url: new URL(url), setCookie, cookie: setCookie.split(";")[0] ?? "", state };
}

describe("the connectors' consent", () => {
  it("sends the browser to the provider with a PKCE challenge, and gives the code and its verifier back once", async () => {
    const who = await caller();
    const started = await start(SEARCH_CONSOLE, who);
    expect(started.url.origin + started.url.pathname).toBe("https://provider.test/authorize");
    expect(Object.fromEntries(started.url.searchParams)).toMatchObject({
      hl: "en",
      client_id: "client-123",
      redirect_uri: "https://app.brandscope.test/api/connectors/search-console/callback",
      response_type: "code",
      scope: "read",
      code_challenge_method: "S256",
    });
    expect(started.cookie).toMatch(/^brandscope_search_console=[\w-]{43}$/);
    expect(started.setCookie).toBe(
      `${started.cookie}; Path=/api/connectors/search-console/callback; Max-Age=${CONSENT_MS / 1000}; HttpOnly; SameSite=Lax; Secure`,
    );

    const taken = await take(SEARCH_CONSOLE, { code: "c0de", state: started.state }, started.cookie);
    expect(taken).toMatchObject({
      ...who,
      code: "c0de",
      redirectUri: "https://app.brandscope.test/api/connectors/search-console/callback",
    });
    if ("error" in taken) throw new Error("refused");
    const challenge = createHash("sha256").update(taken.codeVerifier).digest("base64url");
    expect(started.url.searchParams.get("code_challenge")).toBe(challenge);

    // Used once.
    expect(await take(SEARCH_CONSOLE, { code: "c0de", state: started.state }, started.cookie)).toEqual({
      error: "state_invalid",
    });
  });

  it("refuses another browser's cookie, a missing or made-up state, without using the consent up", async () => {
    const who = await caller();
    const mine = await start(INSTAGRAM, who);
    const theirs = await start(INSTAGRAM, await caller());
    const { log, text } = capturedLog("warn");
    const back = (state: string | undefined, cookie: string | undefined) =>
      take(INSTAGRAM, { code: "c", ...(state ? { state } : {}) }, cookie, log);

    expect(await back(mine.state, theirs.cookie)).toEqual({ error: "state_invalid" });
    expect(await back(mine.state, undefined)).toEqual({ error: "state_invalid" });
    expect(await back(mine.state, `other=1; ${mine.cookie.replace("=", "_x=")}`)).toEqual({
      error: "state_invalid",
    });
    expect(await back(undefined, mine.cookie)).toEqual({ error: "state_invalid" });
    expect(await back("made-up-state", mine.cookie)).toEqual({ error: "state_invalid" });
    expect(text()).toContain("Instagram consent with an unknown state");
    // Among the browser's other cookies, as it sends them.
    expect(await back(mine.state, `theme=dark; ${mine.cookie}`)).toMatchObject({ ...who, code: "c" });
  });

  it("refuses a state after CONSENT_MS, and one whose user has left the workspace", async () => {
    const who = await caller();
    const late = await start(GOOGLE_ADS, who);
    t.clock.advance(CONSENT_MS + 1000);
    expect(await take(GOOGLE_ADS, { code: "c", state: late.state }, late.cookie)).toEqual({
      error: "state_invalid",
    });

    const leaving = await start(GOOGLE_ADS, who);
    const elsewhere = await insertWorkspace(t.database.db, { name: "Elsewhere", now: t.clock.now() });
    await t.database.db.update(users).set({ workspaceId: elsewhere.id }).where(eq(users.id, who.userId));
    expect(await take(GOOGLE_ADS, { code: "c", state: leaving.state }, leaving.cookie)).toEqual({
      error: "state_invalid",
    });
  });

  it("does not take one provider's state at another provider's callback", async () => {
    const who = await caller();
    const google = await start(SEARCH_CONSOLE, who);
    const browser = google.cookie.split("=")[1];
    // The same browser value under the other connector's cookie, as if it had been sent there.
    for (const other of [GOOGLE_ADS, INSTAGRAM]) {
      const cookie = `brandscope_${other.provider}=${browser}`;
      expect(await take(other, { code: "c", state: google.state }, cookie)).toEqual({
        error: "state_invalid",
      });
    }
    expect(await take(SEARCH_CONSOLE, { code: "c", state: google.state }, google.cookie)).toMatchObject(who);
  });

  it("says the user declined when the provider sends no code, and the state is used up", async () => {
    const who = await caller();
    const declined = await start(INSTAGRAM, who);
    expect(await take(INSTAGRAM, { error: "access_denied", state: declined.state }, declined.cookie)).toEqual(
      { error: "access_denied", brandId: who.brandId },
    );
    expect(await take(INSTAGRAM, { code: "c", state: declined.state }, declined.cookie)).toEqual({
      error: "state_invalid",
    });
  });

  it("is refused without a client (404), and past ten starts a quarter hour per user (429)", async () => {
    const who = await caller();
    const noClient = startConsent(ctx(), { header: () => undefined }, GOOGLE_ADS, {
      caller: who,
      clientId: undefined,
      authorizeUrl: "https://provider.test/authorize",
      params: {},
    });
    await expect(noClient).rejects.toMatchObject({
      code: "CONNECTOR_UNAVAILABLE",
      statusCode: 404,
      message: "Google Ads keyword planning is not available on this server.",
    });

    for (let i = 0; i < 10; i++) await start(GOOGLE_ADS, who);
    const refused = start(GOOGLE_ADS, who);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(
        /^Too many attempts to connect Google Ads\. Try again in \d+ minutes\.$/,
      ),
    });
    // Another connector's starts are counted on their own.
    await expect(start(SEARCH_CONSOLE, who)).resolves.toMatchObject({ state: expect.any(String) });
  });

  it("sends the browser back to Data sources with the outcome, named by connector", () => {
    expect(dataSourcesUrl(ctx(), GOOGLE_ADS, { status: "choose_customer" })).toBe(
      "https://app.brandscope.test/data-sources?connector=google-ads&status=choose_customer",
    );
    expect(dataSourcesUrl(ctx(), INSTAGRAM, { error: "state_invalid" })).toBe(
      "https://app.brandscope.test/data-sources?connector=instagram&error=state_invalid",
    );
  });
});
