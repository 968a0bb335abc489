import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  startDnsServer,
  startSamlIdp,
  type TestDnsServer,
  type TestSamlIdp,
} from "@brandscope/api/test-support";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { type AppServer, freePort, repoRoot } from "./app-server";
import { launchChromium, signedInContext } from "./browser";
import { startSsoAppServer } from "./sso-app-server";

// SAML 2.0 single sign-on (docs/single-sign-on.md) against a server of its own: a SAML identity provider in this
// process (its sign-in page posts the signed response to the workspace's ACS URL, as real IdPs do), a real DNS
// server answering the domain's TXT record, and the operator command that grants the owner's workspace Enterprise.
const DOMAIN = "saml-idp.test";
const TEST_MS = 120_000;

let app: AppServer;
let idp: TestSamlIdp;
let dns: TestDnsServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  idp = await startSamlIdp();
  dns = await startDnsServer();
  app = await startSsoAppServer({ port: await freePort(), dnsAddress: dns.address, idpUrl: idp.metadataUrl });
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

async function tracked(context: BrowserContext, label: string): Promise<Page> {
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  onTestFailed(async () => {
    const file = `/tmp/saml-e2e-${label}-failed.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Screenshot of the failing screen: ${file} (${page.url()})`);
  });
  return page;
}

/** An owner whose workspace the operator command put on Enterprise, as sales would, signed in. */
async function enterpriseOwnerPage(): Promise<Page> {
  const owner = await createConfirmedAccount("saml-owner", "Ines", "Moreau", app.baseUrl);
  const login = await logInThroughApi(owner.email, owner.password, app.baseUrl);
  await markWelcomed(login, app.baseUrl);
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { DATABASE_URL: _none, ...env } = process.env;
  const command = ["grant-plan", "--workspace", owner.email, "--plan", "enterprise", "--until", until];
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "apps/api/src/operator/main.ts", ...command],
    {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: app.dataDir },
    },
  );
  return tracked(await signedInContext(browser, login), "owner");
}

/** In the page: what an IdP's (or anyone's) auto-posting form does, a cross-site POST of a response to the ACS. */
function postAcsForm({ action, response }: { action: string; response: string }) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  form.append(Object.assign(document.createElement("input"), { name: "SAMLResponse", value: response }));
  document.body.append(form);
  form.submit();
}

describe("SAML single sign-on", () => {
  it(
    "the owner sets up SAML with the IdP's metadata; a person of the domain signs in through the IdP",
    async () => {
      const page = await enterpriseOwnerPage();
      await page.goto(`${app.baseUrl}/user/profile`);
      const sso = page.getByRole("region", { name: "Single sign-on" });
      await sso.getByRole("radio", { name: "SAML 2.0" }).click();
      await sso.getByText(/\/api\/auth\/sso\/saml\/[0-9a-f-]+\/acs$/).waitFor();

      await sso.getByRole("textbox", { name: "Domain" }).fill(DOMAIN);
      await sso.getByRole("button", { name: "Add domain" }).click();
      const txt = sso.getByText(/^brandscope-verification=/);
      await txt.waitFor();
      dns.txt.set(DOMAIN, [(await txt.textContent()) ?? ""]);
      await sso.getByRole("button", { name: `Verify ${DOMAIN}` }).click();
      await sso.getByText("Verified", { exact: true }).waitFor();

      // Metadata we could not sign in with is refused, and the form says why.
      const xml = sso.getByRole("textbox", { name: "Metadata XML" });
      await xml.fill(
        '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example"/>',
      );
      await sso.getByRole("switch", { name: "Just-in-time membership" }).click();
      await sso.getByRole("button", { name: "Save single sign-on" }).click();
      await sso.getByText("The metadata describes no identity provider (no IDPSSODescriptor).").waitFor();
      await sso.screenshot({ path: "/tmp/saml-e2e-metadata-refused.png" });

      await xml.fill("");
      await sso.getByRole("textbox", { name: "Metadata URL" }).fill(idp.metadataUrl);
      await sso.getByRole("button", { name: "Save single sign-on" }).click();
      await page.getByText("Single sign-on saved.", { exact: true }).waitFor();
      await sso.screenshot({ path: "/tmp/saml-e2e-settings.png" });

      // Someone of the domain: "Sign in with SSO", the IdP's page posts back, and they are in the app.
      idp.user = { email: `lea@${DOMAIN}` };
      const person = await tracked(
        await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" }),
        "person",
      );
      await person.goto(`${app.baseUrl}/sign-in`);
      await person.getByRole("link", { name: "Sign in with SSO" }).click();
      await person.getByRole("textbox", { name: "Work email" }).fill(`lea@${DOMAIN}`);
      await person.getByRole("button", { name: "Continue with SSO" }).click();
      await person.waitForURL(
        (url) => url.origin === app.baseUrl && !/^\/(auth|sso|sign-in)/.test(url.pathname),
      );
      const session = await person.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null"));
      expect(session).toMatchObject({ authenticated: true, user: { email: `lea@${DOMAIN}` } });
      // The app's first screen, drawn for the signed-in member.
      await person.getByRole("heading", { level: 1 }).first().waitFor();
      await person.screenshot({ path: "/tmp/saml-e2e-signed-in.png" });

      // A refused answer: the callback page says why, in the library's words, not its detail.
      const acsUrl = ((await sso.getByText(/\/acs$/).textContent()) ?? "").trim();
      const callback = await tracked(await browser.newContext(), "refused");
      await callback.goto(`${app.baseUrl}/sign-in`);
      await callback.evaluate(postAcsForm, {
        action: acsUrl,
        response: idp.issueResponse({
          user: { email: `lea@${DOMAIN}` },
          audience: "https://another-app.example/metadata",
          recipient: acsUrl,
        }),
      });
      await callback.getByText("The identity provider's answer is meant for another application.").waitFor();
      await callback.screenshot({ path: "/tmp/saml-e2e-refused.png" });

      // An IdP-initiated response, which anyone could post from any page (login CSRF): the callback page names the
      // account and the workspace and signs in only once its person continues there.
      const idpInitiated = async (page: Page) => {
        await page.goto(`${app.baseUrl}/sign-in`);
        await page.evaluate(postAcsForm, {
          action: acsUrl,
          response: idp.issueResponse({
            user: { email: `lea@${DOMAIN}` },
            audience: acsUrl.replace(/\/acs$/, "/metadata"),
            recipient: acsUrl,
          }),
        });
        await page.getByRole("heading", { name: "Confirm your sign-in" }).waitFor();
        await page
          .getByText(
            `Your identity provider is signing you in to the workspace Ines's workspace as lea@${DOMAIN}.`,
          )
          .waitFor();
      };
      const unconfirmed = await tracked(await browser.newContext(), "idp-initiated");
      await idpInitiated(unconfirmed);
      await unconfirmed.screenshot({ path: "/tmp/saml-e2e-confirm.png" });
      expect(await unconfirmed.evaluate(() => localStorage.getItem("auth"))).toBeNull();
      await unconfirmed.getByRole("link", { name: "Cancel" }).click();
      await unconfirmed.waitForURL((url) => url.pathname === "/sign-in");
      const notSignedIn = await unconfirmed.evaluate(() =>
        JSON.parse(localStorage.getItem("auth") ?? "null"),
      );
      expect(notSignedIn?.authenticated ?? false).toBe(false);

      const confirmed = await tracked(await browser.newContext(), "idp-confirmed");
      await idpInitiated(confirmed);
      await confirmed.getByRole("button", { name: `Continue as lea@${DOMAIN}` }).click();
      await confirmed.waitForURL(
        (url) => url.origin === app.baseUrl && !/^\/(auth|sso|sign-in)/.test(url.pathname),
      );
      expect(
        await confirmed.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null")),
      ).toMatchObject({
        authenticated: true,
        user: { email: `lea@${DOMAIN}` },
      });
    },
    TEST_MS,
  );
});
