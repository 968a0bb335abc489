import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { accountWithOwnBrand } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// The first part of issue 28 against the real server, whose sample data set covers Food & Beverage: a new account's
// own brand in that industry sees none of the sample's keywords or creators. Intent is empty and names its three ways
// in, a Keyword Planner export imported on Data sources then fills it with exactly the file's keywords, influencers
// says why it lists no creator, and no module of the brand says "Sample data".
const baseUrl = inject("baseUrl");
const PLANNER = join(
  import.meta.dirname,
  "../../../../shared/fixtures/imports/google-ads-keyword-planner.csv",
);

/** The keywords of the Keyword Planner export (UTF-16, tab-separated, two title lines then the header). */
const plannerKeywords = () =>
  readFileSync(PLANNER)
    .toString("utf16le")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .slice(3)
    .map((line) => line.split("\t")[0] ?? "")
    .filter(Boolean);

/** The sample's badge and provenance line (not the empty states' own mentions of the sample's data). */
const SAMPLE_BADGE = /^Sample data/;

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const login = await accountWithOwnBrand(
    { label: "own-brand-no-sample", firstName: "Ines", lastName: "Okafor" },
    {
      websiteUrl: "https://oakridge-roasters.example/",
      country: "US",
      industry: "food-beverage",
      brandName: "Oakridge Roasters",
      socialLinks: [
        { socialPlatform: "instagram", socialLink: "https://www.instagram.com/oakridgeroasters" },
      ],
    },
  );
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Opens a module from the navigation and waits until its reads have answered. */
async function openModule(page: Page, name: string, path: string) {
  await page.getByRole("navigation", { name: "Modules" }).getByRole("link", { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForLoadState("networkidle");
}

describe("an own brand in the sample's industry", () => {
  it("reads its own keywords only, no sample creator, and no module says Sample data", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page
        .screenshot({ path: "/tmp/own-brand-no-sample-e2e.png", fullPage: true })
        .catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/own-brand-no-sample-e2e.png");
    });

    await page.goto(`${baseUrl}/intent`);
    await page.getByText("No keywords of your brand yet").waitFor({ timeout: 30_000 });
    await page.getByText(/import a Google Ads Keyword Planner export, or connect Google Ads/).waitFor();
    // Its searches are empty too, and say how to get them.
    await page.getByText("No searches of your brand yet").waitFor();
    expect(await page.getByText(SAMPLE_BADGE).count()).toBe(0);
    await page.getByRole("link", { name: "Add keywords on Data sources" }).click();
    await page.waitForURL((url) => url.pathname === "/data-sources");

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click();
    await (await chooser).setFiles([
      { name: "google-ads-keyword-planner.csv", mimeType: "text/csv", buffer: readFileSync(PLANNER) },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await uploads.getByRole("button", { name: /^Import \d+ rows$/ }).click({ timeout: 30_000 });
    await uploads.getByText(/Google ads keyword planner: 10 of 10 rows stored/).waitFor({ timeout: 30_000 });

    await openModule(page, "Intent", "/intent");
    const table = page.getByRole("table", { name: "Keywords", exact: true });
    await expect
      .poll(async () => (await table.getByRole("rowheader").allTextContents()).sort(), { timeout: 30_000 })
      .toEqual(plannerKeywords().sort());
    await page.getByText(/Google ads keyword planner \(CSV import\)/).waitFor();
    expect(await page.getByText(SAMPLE_BADGE).count()).toBe(0);

    await openModule(page, "Influencers", "/influencer");
    await page.getByText("No creators for your brand yet").waitFor({ timeout: 30_000 });
    // No creator's details link: the only link in the list is its empty state's way in.
    const ranked = page.getByRole("table", { name: "Ranked influencers", exact: true });
    expect(await ranked.locator('a[href^="/influencer/"]').count()).toBe(0);
    await ranked.getByRole("link", { name: "Import a creator list on Data sources" }).waitFor();
    expect(await page.getByText(SAMPLE_BADGE).count()).toBe(0);

    for (const [name, path] of [
      ["Content", "/content"],
      ["Competitors", "/competitor"],
      ["Audience", "/audience"],
    ] as const) {
      await openModule(page, name, path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.getByText(SAMPLE_BADGE).count(), name).toBe(0);
    }
  }, 180_000);
});
