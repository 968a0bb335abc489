import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// The YouTube connector (issue 16) against the server and a local fake of the YouTube Data API (global-setup.ts):
// a new account's own brand and its competitor are given their channels on the Data sources screen, the server
// reads them, and the competitor module shows the competitor's YouTube audience.
const baseUrl = inject("baseUrl");
const youtubeKey = inject("youtubeKey");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("youtube", "Tomas", "Reyes");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}/api${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
      body: JSON.stringify(body),
    });
  const own = await post("/brand", {
    websiteUrl: "https://lumora-coffee.example/",
    country: "GB",
    brandName: "Lumora Coffee",
    socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" }],
  });
  expect(own.status).toBe(201);
  const rival = await post("/brand/competitor", {
    websiteUrl: "https://brewhaus.example/",
    brandName: "Brewhaus",
  });
  expect(rival.status).toBe(201);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("the YouTube connector", () => {
  it("reads the brands' channels and shows the competitor's YouTube audience", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/youtube-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/youtube-e2e.png");
    });
    await page.goto(`${baseUrl}/data-sources`);
    const section = page.getByRole("region", { name: "YouTube" });
    await section.getByText("Not connected").waitFor();
    const form = section.getByRole("form", { name: "Connect YouTube" });
    await form.getByLabel("API key").fill(youtubeKey);
    await form.getByLabel("Lumora Coffee's channel").fill("@lumoracoffee");
    await form.getByLabel("Brewhaus's channel").fill("youtube.com/@brewhaus");
    await form.getByRole("button", { name: "Connect YouTube" }).click();

    const channels = section.getByRole("list", { name: "YouTube channels" });
    await channels.getByText("Brewhaus Coffee: about 18,400 subscribers").waitFor({ timeout: 30_000 });
    await channels.getByText("The channel hides its subscriber count.").waitFor();
    await section.getByText("Connected", { exact: true }).waitFor();
    await section.getByText(/quota units used today/).waitFor();

    await page.getByRole("link", { name: "Competitors" }).click();
    await page.waitForURL((url) => url.pathname === "/competitor");
    const audience = page.locator("[data-slot=chart-data]", {
      has: page.locator("caption", { hasText: "Audience by platform" }),
    });
    await expect
      .poll(async () => (await audience.textContent()) ?? "", { timeout: 60_000, interval: 1_000 })
      .toMatch(/YouTube.*18[,.]?4/);
  }, 150_000);
});
