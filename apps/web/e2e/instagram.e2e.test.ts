import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// The Instagram connector (issue 16) in the browser, against a local fake of Facebook Login and the Graph API
// (global-setup.ts; its login dialog agrees at once): Connect goes to Facebook and back, the account linked to the
// brand's Instagram is chosen, business_discovery reads the brand and its competitor, and the competitor module
// shows the competitor's Instagram audience.
const baseUrl = inject("baseUrl");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("instagram", "Mateo", "Silva");
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
    socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/brewhaus" }],
  });
  expect(rival.status).toBe(201);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("the Instagram connector", () => {
  it("connects through Facebook Login and shows the competitor's Instagram audience", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/instagram-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/instagram-e2e.png");
    });
    await page.goto(`${baseUrl}/data-sources`);
    const section = page.getByRole("region", { name: "Instagram" });
    await section.getByRole("button", { name: "Connect Instagram with Facebook" }).click();
    await page.waitForURL(/\/data-sources\?(brand=[0-9a-f-]+&)?connector=instagram&status=\w+$/);
    const read = section.getByRole("list", { name: "Instagram accounts read" });
    await expect
      .poll(() => read.textContent(), { timeout: 30_000 })
      .toContain("Brewhaus @brewhaus · 48,210 followers");

    await page
      .getByRole("navigation", { name: "Modules" })
      .getByRole("link", { name: "Competitors" })
      .click();
    const audience = page.getByRole("table", { name: "Audience by platform, Lumora Coffee and Brewhaus" });
    const instagram = audience
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "Instagram" }) });
    await expect.poll(() => instagram.textContent(), { timeout: 15_000 }).toContain("48.21K");
  });
});
