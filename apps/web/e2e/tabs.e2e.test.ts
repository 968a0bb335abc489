import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { type AppServer, startAppServer } from "./app-server";
import { launchChromium } from "./browser";

// Issue 14: the tabs of one browser profile share one stored session (localStorage `auth`), and refresh tokens
// rotate on every use. A server of its own whose idTokens expire within the test (ID_TOKEN_LIFETIME_SECONDS);
// its e-mail goes to the shared SMTP sink.
const ID_TOKEN_SECONDS = 10;
/** The server reuses a bearer's check for up to a second (apps/api/src/http/authenticate.ts). */
const CHECK_REUSE_MS = 1000;

let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let account: { email: string; password: string; firstName: string; lastName: string };

beforeAll(async () => {
  app = await startAppServer({
    env: {
      ID_TOKEN_LIFETIME_SECONDS: String(ID_TOKEN_SECONDS),
      SAMPLE_DATA: "off",
      SMTP_URL: inject("smtpUrl"),
      TRUST_PROXY: "127.0.0.1",
    },
  });
  browser = await launchChromium();
  account = await createConfirmedAccount("tabs", "Lena", "Berg", app.baseUrl);
  await markWelcomed(await logInThroughApi(account.email, account.password, app.baseUrl), app.baseUrl);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async () => {
  await context?.close();
});

const pathOf = (url: string) => new URL(url).pathname;

async function waitForScreen(page: Page, pathname: string, heading: string) {
  await page.waitForURL((url) => url.pathname === pathname);
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}

async function signIn(page: Page) {
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Two tabs of one browser profile, as a user makes them: signs in in the first, then opens the app in a second,
 * which finds the session stored. Resolves once both show /content, with when the sign-in was sent.
 */
async function openTwoSignedInTabs(): Promise<{ tabs: [Page, Page]; signedInAt: number }> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  context.setDefaultTimeout(10_000);
  const first = await context.newPage();
  await first.goto(`${app.baseUrl}/sign-in`);
  const signedInAt = Date.now();
  await signIn(first);
  await waitForScreen(first, "/content", "Content");
  const second = await context.newPage();
  await second.goto(`${app.baseUrl}/content`);
  await waitForScreen(second, "/content", "Content");
  return { tabs: [first, second], signedInAt };
}

const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null") as Record<string, unknown> | null);

/**
 * Opens the profile from the user menu in every tab at once: a screen whose team and plan sections call the API.
 * Resolves when each tab has its team's members, or has left for /sign-in.
 */
async function openProfileInEveryTab(tabs: Page[]) {
  const settled = (tab: Page) =>
    Promise.race([
      tab.waitForResponse(
        (response) => pathOf(response.url()) === "/api/workspace/members" && response.status() !== 401,
      ),
      tab.waitForURL((url) => url.pathname === "/sign-in"),
    ]).catch(() => undefined); // the assertions that follow say what went wrong
  await Promise.all(
    tabs.map(async (tab) => {
      const done = settled(tab);
      await tab.getByRole("button", { name: `${account.firstName} ${account.lastName}` }).click();
      await tab.getByRole("menuitem", { name: "Edit profile" }).click();
      await done;
    }),
  );
}

describe("two tabs of one browser", () => {
  it("cross an idToken expiry with one refresh between them, and both stay signed in", async () => {
    const { tabs, signedInAt } = await openTwoSignedInTabs();
    const refreshes: string[] = [];
    for (const [index, tab] of tabs.entries()) {
      tab.on("request", (request) => {
        if (request.method() === "POST" && pathOf(request.url()) === "/api/auth/refresh-token")
          refreshes.push(`tab ${index + 1}`);
      });
    }
    const signedIn = await storedSession(tabs[0]);
    // Both tabs were ready while the first idToken still held: nothing has been refreshed yet.
    expect(Date.now() - signedInAt).toBeLessThan(ID_TOKEN_SECONDS * 1000);

    await new Promise((wait) =>
      setTimeout(wait, signedInAt + ID_TOKEN_SECONDS * 1000 + CHECK_REUSE_MS - Date.now()),
    );
    // Both tabs call the API at the same moment with the expired idToken.
    await openProfileInEveryTab(tabs);

    expect(tabs.map((tab) => pathOf(tab.url()))).toEqual(["/user/profile", "/user/profile"]);
    expect(refreshes).toHaveLength(1);
    const renewed = await storedSession(tabs[1]);
    expect(renewed?.authenticated).toBe(true);
    expect(renewed?.refresh_token).not.toBe(signedIn?.refresh_token);

    // The server has not revoked the session: a third call (each tab's session check after a reload) is answered
    // with the renewed idToken, without another refresh.
    for (const tab of tabs) {
      const me = tab.waitForResponse((response) => pathOf(response.url()) === "/api/user/me");
      await tab.reload();
      expect((await me).status()).toBe(200);
      await waitForScreen(tab, "/user/profile", "Profile");
    }
    expect(refreshes).toHaveLength(1);
  }, 60_000);

  it("follow a sign-out made in the other tab to /sign-in, and a sign-in made there back into the app", async () => {
    const { tabs } = await openTwoSignedInTabs();
    const [first, second] = tabs;

    await first.getByRole("button", { name: `${account.firstName} ${account.lastName}` }).click();
    await first.getByRole("menuitem", { name: "Logout" }).click();
    await waitForScreen(first, "/sign-in", "Sign in");
    // The second tab is not touched: it leaves /content by itself, remembering where it was.
    await waitForScreen(second, "/sign-in", "Sign in");
    expect(new URL(second.url()).searchParams.get("redirect")).toBe("/content");

    await signIn(second);
    await waitForScreen(second, "/content", "Content");
    await waitForScreen(first, "/content", "Content");
  }, 60_000);
});
