import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";
import { choose } from "./select";

// The Google Ads keyword planning connector (issue 16) in the browser, against a local fake of Google's OAuth
// endpoints and the Google Ads API (global-setup.ts; its consent page agrees at once): Connect goes to Google and
// back, the user chooses one of the two Google Ads accounts, the brand's keywords are planned, and the intent
// module shows their monthly searches and cost per click.
const baseUrl = inject("baseUrl");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("google-ads", "Lena", "Brandt");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  const own = await fetch(`${baseUrl}/api/brand`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
    body: JSON.stringify({
      websiteUrl: "https://lumora-lamps.example/",
      country: "GB",
      brandName: "Lumora",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoralamps" }],
    }),
  });
  expect(own.status).toBe(201);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("the Google Ads keyword planning connector", () => {
  it("connects through Google's consent, plans the brand's keywords, and the intent module shows their CPC", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/google-ads-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/google-ads-e2e.png");
    });
    await page.goto(`${baseUrl}/data-sources`);
    const section = page.getByRole("region", { name: "Google Ads keyword planning" });
    await section.getByRole("button", { name: "Connect Google Ads" }).click();
    await page.waitForURL(/\/data-sources\?(brand=[0-9a-f-]+&)?connector=google-ads&status=choose_customer$/);
    await section.getByText("Choose an account").waitFor();
    await choose(page, section, "Google Ads account", /Lumora Ads/);
    await expect.poll(() => section.textContent(), { timeout: 30_000 }).toMatch(/[1-9]\d* keywords? planned/);

    await page.getByRole("navigation", { name: "Modules" }).getByRole("link", { name: "Intent" }).click();
    // The brand's seed (its name, in the brand's spelling, which Google's result is matched to) with Google's
    // monthly searches and the middle of its top-of-page bid range.
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "Lumora", exact: true }) });
    await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toContain("2.9K");
    expect(await row.first().textContent()).toContain("£0.80");
  }, 90_000);
});
