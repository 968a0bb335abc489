import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startDnsServer, type TestDnsServer } from "@brandscope/api/test-support";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { type AppServer, freePort, repoRoot } from "./app-server";
import { launchChromium, signedInContext } from "./browser";
import { startIdentityProvider, type TestIdentityProvider } from "./oidc-provider";
import { startSsoAppServer } from "./sso-app-server";

// Single sign-on (docs/single-sign-on.md) against a server of its own: a real OpenID Connect provider (whose people
// have e-mails at idp.test), a real DNS server answering the domain's TXT record, and the operator command that
// grants the owner's workspace Enterprise.
const DOMAIN = "idp.test";
const TEST_MS = 120_000;

let app: AppServer;
let idp: TestIdentityProvider;
let dns: TestDnsServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider({ redirectUri: `${appUrl}/auth/sso/callback` });
  dns = await startDnsServer();
  app = await startSsoAppServer({ port, dnsAddress: dns.address, idpUrl: idp.issuer });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await idp?.close();
  await dns?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

function watch(page: Page, label: string) {
  onTestFailed(async () => {
    const file = `/tmp/sso-e2e-${label}-failed.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Screenshot of the failing screen: ${file} (${page.url()})`);
  });
  return page;
}

async function signedOutPage(label: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return watch(await context.newPage(), label);
}

/** The owner of an Enterprise workspace (granted by the operator command, as sales would), signed in. */
async function enterpriseOwner(): Promise<Page> {
  const owner = await createConfirmedAccount("sso-owner", "Noor", "Haddad", app.baseUrl);
  const login = await logInThroughApi(owner.email, owner.password, app.baseUrl);
  await markWelcomed(login, app.baseUrl);
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { DATABASE_URL: _none, ...env } = process.env;
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "apps/api/src/operator/main.ts", "grant-plan", "--workspace", owner.email].concat([
      "--plan",
      "enterprise",
      "--until",
      until,
    ]),
    { cwd: repoRoot, env: { ...env, DATA_DIR: app.dataDir } },
  );
  const context = await signedInContext(browser, login);
  contexts.push(context);
  return watch(await context.newPage(), "owner");
}

/** The identity provider's own pages: sign in as `login`, then agree. */
async function consentAt(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

describe("single sign-on", () => {
  it(
    "the owner verifies a domain and sets up OpenID Connect; its people sign in through the identity provider and no longer with a password",
    async () => {
      // The owner sets it up on the profile screen.
      const page = await enterpriseOwner();
      await page.goto(`${app.baseUrl}/user/profile`);
      const sso = page.getByRole("region", { name: "Single sign-on" });
      await sso.getByRole("radio", { name: "OpenID Connect" }).waitFor();
      await sso.getByText(`${app.baseUrl}/auth/sso/callback`).waitFor();

      await sso.getByRole("textbox", { name: "Domain" }).fill(DOMAIN);
      await sso.getByRole("button", { name: "Add domain" }).click();
      const txt = sso.getByText(/^brandscope-verification=/);
      await txt.waitFor();
      // Not published yet: the check says what to add.
      await sso.getByRole("button", { name: `Verify ${DOMAIN}` }).click();
      await sso.getByRole("alert").filter({ hasText: "We found no TXT record" }).waitFor();
      await sso.screenshot({ path: "/tmp/sso-e2e-domain-pending.png" });
      dns.txt.set(DOMAIN, [(await txt.textContent()) ?? ""]);
      await sso.getByRole("button", { name: `Verify ${DOMAIN}` }).click();
      await sso.getByText("Verified", { exact: true }).waitFor();

      await sso.getByRole("textbox", { name: "Issuer URL" }).fill(idp.issuer);
      await sso.getByRole("textbox", { name: "Client ID" }).fill(idp.clientId);
      await sso.getByLabel("Client secret").fill(idp.clientSecret);
      await sso.getByRole("switch", { name: "Require single sign-on" }).click();
      await sso.getByRole("switch", { name: "Just-in-time membership" }).click();
      await sso.getByRole("button", { name: "Save single sign-on" }).click();
      await page.getByText("Single sign-on saved.", { exact: true }).waitFor();
      // The secret is kept by the server, never shown again.
      await sso.getByText("A secret is saved. Leave this empty to keep it.").waitFor();
      expect(await sso.getByLabel("Client secret").inputValue()).toBe("");
      await sso.screenshot({ path: "/tmp/sso-e2e-settings.png" });

      // Someone of the domain signs in with SSO from the sign-in screen, and joins as a member.
      const person = await signedOutPage("person");
      await person.goto(`${app.baseUrl}/sign-in`);
      await person.getByRole("link", { name: "Sign in with SSO" }).click();
      await person.getByRole("heading", { name: "Sign in with SSO", level: 1 }).waitFor();
      await person.screenshot({ path: "/tmp/sso-e2e-sign-in.png", fullPage: true });
      await person.getByRole("textbox", { name: "Work email" }).fill(`nobody@elsewhere.test`);
      await person.getByRole("button", { name: "Continue with SSO" }).click();
      await person.getByText("No single sign-on is set up for elsewhere.test.").waitFor();
      await person.screenshot({ path: "/tmp/sso-e2e-not-set-up.png" });
      await person.getByRole("textbox", { name: "Work email" }).fill(`ana@${DOMAIN}`);
      await person.getByRole("button", { name: "Continue with SSO" }).click();
      await consentAt(person, "ana");
      await person.waitForURL((url) => url.origin === app.baseUrl && !url.pathname.startsWith("/auth/"));
      const session = await person.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null"));
      expect(session).toMatchObject({ authenticated: true, user: { email: `ana@${DOMAIN}` } });

      // The domain requires single sign-on: a password sign-in is refused and points to SSO.
      const other = await signedOutPage("password");
      await other.goto(`${app.baseUrl}/sign-in`);
      await other.getByRole("textbox", { name: "Email" }).fill(`ana@${DOMAIN}`);
      await other.getByLabel("Password", { exact: true }).fill("Roast-2026-beans");
      await other.getByRole("button", { name: "Sign in", exact: true }).click();
      await other.getByText(`${DOMAIN} signs in with single sign-on.`, { exact: false }).waitFor();
      await other.screenshot({ path: "/tmp/sso-e2e-password-refused.png", fullPage: true });
      expect(other.url()).toContain("/sign-in");
    },
    TEST_MS,
  );
});
