import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, freePort, startAppServer } from "./app-server";
import { launchChromium } from "./browser";
import { startIdentityProvider, type TestIdentityProvider } from "./oidc-provider";

// Social sign-in through a real OpenID Connect provider started here, against a server of its own configured for
// it (OIDC_GOOGLE_*). The shared server has no provider, as on a default install, so that the sign-in route's
// bundle budget is measured without the social buttons' code.
let app: AppServer;
let idp: TestIdentityProvider;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider({ redirectUri: `${appUrl}/auth/callback/google` });
  app = await startAppServer({
    port,
    env: {
      APP_URL: appUrl,
      OIDC_GOOGLE_ISSUER: idp.issuer,
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
    },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await idp?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

async function startWithGoogle(page: Page) {
  await page.goto(`${app.baseUrl}/sign-in`);
  await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor();
  const google = page.getByRole("button", { name: "Continue with Google" });
  await google.waitFor();
  // Only the configured provider has a button.
  expect(await page.getByRole("button", { name: /^Continue with / }).count()).toBe(1);
  await google.click();
  await page.waitForURL((url) => url.origin === idp.issuer);
}

describe("social sign-in", () => {
  it("signs in with the provider and lands a new account in onboarding", async () => {
    const page = await openPage();
    await startWithGoogle(page);

    // The provider's own pages: sign in, then agree.
    const login = `sam-${randomBytes(3).toString("hex")}`;
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    // Back at /auth/callback/google, which finishes with POST /auth/social.
    await page.waitForURL((url) => url.origin === app.baseUrl && url.pathname === "/questionnaire/welcome");
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null"));
    expect(session).toMatchObject({
      authenticated: true,
      is_first_time: true,
      socialProvider: "google",
      user: { email: `${login}@idp.test` },
    });
    expect(session.entry_token).not.toBe("");
  });

  it("explains a sign-in cancelled at the provider and leads back to sign-in", async () => {
    const page = await openPage();
    await startWithGoogle(page);
    await page.getByRole("link", { name: "[ Cancel ]" }).click();

    await page.waitForURL((url) => url.origin === app.baseUrl && url.pathname === "/auth/callback/google");
    await page.getByRole("heading", { name: "We could not sign you in" }).waitFor();
    await page.getByText("Signing in with Google was cancelled or did not complete.").waitFor();
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
  });

  it("refuses another browser's sign-in brought to this one (login CSRF)", async () => {
    // The attacker signs in at the provider in their own browser and keeps the answer instead of using it: the
    // callback page's POST /auth/social never leaves.
    const attackers = await openPage();
    await attackers.route(`${app.baseUrl}/api/auth/social`, (route) => route.abort());
    await startWithGoogle(attackers);
    await attackers.locator('input[name="login"]').fill(`mallory-${randomBytes(3).toString("hex")}`);
    await attackers.locator('input[name="password"]').fill("any");
    await attackers.getByRole("button", { name: "Sign-in" }).click();
    await attackers.getByRole("button", { name: "Continue" }).click();
    await attackers.waitForURL(
      (url) => url.pathname === "/auth/callback/google" && url.searchParams.has("code"),
    );
    const answer = attackers.url();

    // The victim's browser is sent to that answer: no sign-in was started there, so nobody is signed in.
    const victimsBrowser = await browser.newContext();
    victimsBrowser.setDefaultTimeout(10_000);
    const victim = await victimsBrowser.newPage();
    await victim.goto(answer);
    await victim.getByRole("heading", { name: "We could not sign you in" }).waitFor();
    await victim
      .getByText("No sign-in with Google was started in this browser tab. Please start again.")
      .waitFor();
    const session = await victim.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null"));
    expect(session?.authenticated ?? false).toBe(false);
    await victimsBrowser.close();
  }, 60_000);
});
