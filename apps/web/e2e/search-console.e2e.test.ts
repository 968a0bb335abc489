import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// The Google Search Console connector (issue 16) in the browser, against a local fake of Google's OAuth endpoints
// and Search Console API (global-setup.ts; its consent page agrees at once): Connect goes to Google and back with
// the browser-bound state, the brand's property is chosen from its website, the queries are read, and the intent
// module shows them under "Your searches" with the brand's own clicks, click-through rate and position.
const baseUrl = inject("baseUrl");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("search-console", "Priya", "Nair");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  const own = await fetch(`${baseUrl}/api/brand`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
    body: JSON.stringify({
      // Its Search Console property is sc-domain:lumora.example (the fake's fixtures).
      websiteUrl: "https://lumora.example/",
      country: "GB",
      brandName: "Lumora Coffee",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" }],
    }),
  });
  expect(own.status).toBe(201);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("the Search Console connector", () => {
  it("connects through Google's consent and shows the brand's own queries in the intent module", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/search-console-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/search-console-e2e.png");
    });
    await page.goto(`${baseUrl}/data-sources`);
    const section = page.getByRole("region", { name: "Google Search Console" });
    await section.getByRole("button", { name: "Connect Google Search Console" }).click();
    // To Google's consent and back, with the outcome in the address and never a token.
    await page.waitForURL(/\/data-sources\?(brand=[0-9a-f-]+&)?connector=search-console&status=connected$/);
    await expect
      .poll(() => section.textContent(), { timeout: 30_000 })
      .toMatch(/[1-9]\d* quer(y|ies) stored/);
    expect(await section.textContent()).toContain("sc-domain:lumora.example");

    await page.getByRole("navigation", { name: "Modules" }).getByRole("link", { name: "Intent" }).click();
    const table = page.getByRole("region", { name: "Your searches" }).getByRole("table");
    const row = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "lumora coffee", exact: true }) });
    // Its GB and IE rows added up: 433 clicks of 1,970 impressions; never a keyword with a volume.
    await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toContain("4331,97022%1.2");
    // Its own polls alone may take 45 s on a loaded machine: more than the suite's default 30 s.
  }, 120_000);
});
