import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// A brand's website as a source of articles (issue 16): a new account connects a brand whose website (a local site,
// global-setup.ts) declares a feed; the server reads it when it collects the brand, the Data sources screen lists the
// website with its articles, and the content module shows its publishing cadence and latest articles.
const baseUrl = inject("baseUrl");
const websiteUrl = inject("websiteUrl");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("websites", "Ines", "Varga");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  const own = await fetch(`${baseUrl}/api/brand`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
    body: JSON.stringify({
      websiteUrl,
      country: "GB",
      brandName: "Larkspur Tea",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/larkspurtea" }],
    }),
  });
  expect(own.status).toBe(201);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("websites as sources", () => {
  it("reads the brand's feed and shows its publishing cadence in the content module", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/websites-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/websites-e2e.png");
    });
    await page.goto(`${baseUrl}/data-sources`);
    const websites = page.getByRole("region", { name: "Websites" });
    const row = websites.getByRole("listitem").filter({ hasText: "Larkspur Tea (your brand)" });
    await row.getByText("Connected").waitFor({ timeout: 30_000 });
    await expect.poll(() => row.textContent()).toMatch(/12 articles from its feed · Last read /);

    await page.getByRole("navigation", { name: "Modules" }).getByRole("link", { name: "Content" }).click();
    const website = page.getByRole("region", { name: "Website" });
    await website.getByText("Articles per week").waitFor({ timeout: 30_000 });
    await expect
      .poll(() => website.getByRole("list", { name: "Latest articles" }).getByRole("link").count())
      .toBe(5);
    const newest = website.getByRole("link", { name: "Post 12" });
    expect(await newest.getAttribute("href")).toBe(`${websiteUrl}blog/notes-12`);
    expect(await website.textContent()).toContain("Dated by the website's feed");
  });
});
