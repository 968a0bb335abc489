import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { accountWithOwnBrand } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// A real brand's website traffic from its own GA4 report, against the real server: the Demographic details export
// (a real file's structure, apps/api/test/fixtures/real-exports/ga4-traffic/) is read on Data sources (named,
// counted in months of visits by country, with the note that it has no Sessions) and imported; the competitor
// module then draws the brand's traffic map from it and says which web metrics no uploaded source gives.
const baseUrl = inject("baseUrl");
const FIXTURE = join(import.meta.dirname, "../../api/test/fixtures/real-exports/ga4-traffic/loc32142.csv");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const login = await accountWithOwnBrand(
    { label: "traffic-import", firstName: "Ines", lastName: "Moreau" },
    {
      websiteUrl: "https://lumora-web.example/",
      country: "US",
      brandName: "Lumora Web",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoraweb" }],
    },
  );
  // The competitor module compares the brand with a competitor: without one it shows no map.
  const added = await fetch(`${baseUrl}/api/brand/competitor`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
    body: JSON.stringify({ websiteUrl: "https://brewhaus.example/", brandName: "Brewhaus" }),
  });
  expect(added.status).toBe(201);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("GA4 traffic import", () => {
  it("imports a GA4 country report on Data sources and fills the competitor module's traffic map", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/traffic-import-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/traffic-import-e2e.png");
    });

    await page.goto(`${baseUrl}/data-sources`);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click({ timeout: 60_000 });
    await (await chooser).setFiles([
      { name: "Demographic_details_Country.csv", mimeType: "text/csv", buffer: readFileSync(FIXTURE) },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await uploads
      .getByText(
        /^Google Analytics 4 traffic of Lumora Web: 16 rows, 1 Jul 2026 to 31 Aug 2026\. Importing stores 16 months of visits by country/,
      )
      .waitFor({ timeout: 30_000 });
    await page
      .getByRole("list", { name: "Notes on Demographic_details_Country.csv" })
      .getByText(/^The file has no Sessions column/)
      .waitFor();
    await uploads.getByRole("button", { name: "Import 16 rows" }).click();
    await uploads
      .getByText(
        "Google Analytics 4 traffic: 16 months of visits by country stored from 16 rows. The figures are being recomputed.",
      )
      .waitFor({ timeout: 30_000 });
    const history = page.getByRole("table", { name: "Import history" });
    await history.getByRole("cell", { name: "16 months of visits by country" }).waitFor();

    // The figures job computes the brand's figures; the map's table (its text alternative) lists the countries.
    await page.goto(`${baseUrl}/competitor?period=custom&from=2026-07-01&to=2026-09-30`);
    const map = page.getByRole("table", { name: "Traffic by country, Lumora Web" });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText("Website metrics", { exact: true }).waitFor({ timeout: 30_000 });
          await page.waitForLoadState("networkidle");
          return map.getByRole("row").count();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(8);
    await map.getByRole("columnheader", { name: "Share of engaged sessions" }).waitFor();
    await map.getByRole("row", { name: /United States of America/ }).waitFor();
    await page.getByText("Share of engaged sessions (the GA4 export has no Sessions)").waitFor();
    const backLinks = page.locator("tr[data-metric=backLinks] td").first();
    expect(await backLinks.textContent()).toBe(
      "Not available. None of the exports Brandscope reads gives backlinks: GA4 measures the visits to your own site only.",
    );
    await page.screenshot({ path: "/tmp/traffic-import-competitor.png", fullPage: true });
  }, 240_000);
});
