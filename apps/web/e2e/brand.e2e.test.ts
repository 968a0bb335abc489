import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";
import { connectSampleBrand } from "./sample-brand";
import { choose } from "./select";

// The Brand screen (issue 16) against the real server: a workspace exploring the sample brand connects its own
// from there, then corrects its industry and adds and removes a competitor within the Starter plan's one.
const baseUrl = inject("baseUrl");

let browser: Browser;
let context: BrowserContext;
let idToken: string;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("brand-screen", "Ines", "Carvalho");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  idToken = login.idToken;
  expect((await connectSampleBrand(login)).brand.sample).toBe(true);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("the Brand screen", () => {
  it("switches a sample workspace to its own brand, corrects it, and edits competitors within the plan", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/brand-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/brand-e2e.png");
    });
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("link", { name: "Brand", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/brand");
    await page.getByText(/^You are exploring the sample brand/).waitFor();

    await page.getByRole("link", { name: "Connect your own brand" }).click();
    await page.waitForURL((url) => url.pathname === "/questionnaire/connect_own");
    await page.getByLabel("Website URL").fill("https://lumora.example");
    await page.getByLabel("Brand name").fill("Lumora Coffee");
    await choose(page, page, "Country", /United Kingdom/);
    await choose(page, page, "Platform", "Instagram");
    await page.getByLabel("Link", { exact: true }).fill("https://www.instagram.com/lumoracoffee");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/questionnaire/connect_competition");

    await page.goto(`${baseUrl}/brand`);
    const details = page.getByRole("form", { name: "Brand details" });
    await details.waitFor();
    expect(await details.getByLabel("Brand name").inputValue()).toBe("Lumora Coffee");
    expect(await details.getByLabel("Website URL").inputValue()).toBe("https://lumora.example/");

    // The industry, which onboarding asks later, set here; it is stored on the brand.
    await choose(page, details, "Industry", /Food/);
    await details.getByLabel("Brand name").fill("Lumora Coffee Roasters");
    await details.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your brand is saved.").first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel("Brand name").inputValue()).toBe("Lumora Coffee Roasters");
    const response = await fetch(`${baseUrl}/api/brand`, { headers: { Authorization: `Bearer ${idToken}` } });
    const stored = ((await response.json()) as { brand: { industry: string | null; sample: boolean } }).brand;
    expect(stored).toMatchObject({ sample: false });
    expect(stored.industry).toMatch(/food/);

    // Starter allows one competitor (docs/decisions.md "Plan limits").
    const competitors = page.getByRole("region", { name: "Competitors" });
    await competitors.getByText("0 of 1").waitFor();
    await competitors.getByLabel("Website URL").fill("https://brewhaus.example");
    await competitors.getByLabel("Brand name").fill("Brewhaus");
    await competitors.getByRole("button", { name: "Add competitor" }).click();
    await competitors.getByText("1 of 1").waitFor();
    await competitors.getByText("You have reached your plan's limit of 1 competitor.").waitFor();
    await competitors.getByRole("button", { name: "Remove Brewhaus" }).click();
    await competitors.getByText("0 of 1").waitFor();
    await competitors.getByRole("button", { name: "Add competitor" }).waitFor();
  }, 120_000);
});
