import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { accountWithOwnBrand } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// A real brand's personas from its website's Google Analytics 4 audience, against the real server: a new account's
// own brand has no personas and the Audience module sends the marketer to Data sources; the GA4 exploration export
// is read (named, counted in segments, with its period and the note on unmapped interests) and imported; the
// figures job turns it into personas, which claim no social network the export does not name.
const baseUrl = inject("baseUrl");
const FIXTURE = join(import.meta.dirname, "../../api/test/fixtures/ga4/audience-exploration.csv");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const login = await accountWithOwnBrand(
    { label: "audience-import", firstName: "Noor", lastName: "Haddad" },
    {
      websiteUrl: "https://fernhill-bakery.example/",
      country: "US",
      brandName: "Fernhill Bakery",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/fernhillbakery" }],
    },
  );
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const personaRows = (page: Page) =>
  page.getByRole("table", { name: "Personas" }).getByRole("link").filter({ hasText: " — " });

describe("audience import", () => {
  it("imports a GA4 audience exploration on Data sources and shows the own brand's personas", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/audience-import-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/audience-import-e2e.png");
    });

    // No personas yet: the empty state says where they come from and links to Data sources.
    await page.goto(`${baseUrl}/audience`);
    await page.getByText("No personas yet").waitFor({ timeout: 30_000 });
    await page.getByText(/In Google Analytics 4, export a free-form exploration/).waitFor();
    await page.getByRole("link", { name: "Import on Data sources" }).click();
    await page.waitForURL((url) => url.pathname === "/data-sources");

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click();
    await (await chooser).setFiles([
      { name: "ga4-audience.csv", mimeType: "text/csv", buffer: readFileSync(FIXTURE) },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await uploads
      .getByText(
        /^Google Analytics 4 audience of Fernhill Bakery: 40 rows, 1 Aug 2026 to 31 Oct 2026\. Importing stores 15 audience segments/,
      )
      .waitFor({ timeout: 30_000 });
    await page
      .getByRole("list", { name: "Notes on ga4-audience.csv" })
      .getByText(/^2 rows not stored: .*Movie Lovers\.$/)
      .waitFor();
    await uploads.getByRole("button", { name: "Import 40 rows" }).click();
    await uploads
      .getByText(
        "Google Analytics 4 audience: 15 audience segments stored from 40 rows. The personas are being recomputed.",
      )
      .waitFor({ timeout: 30_000 });
    const history = page.getByRole("table", { name: "Import history" });
    await history.getByRole("cell", { name: "Google Analytics 4 audience" }).waitFor();
    await history.getByRole("cell", { name: "15 audience segments" }).waitFor();
    await page.screenshot({ path: "/tmp/audience-import-data-sources.png", fullPage: true });

    // The figures job builds the personas; the list shows them once it has.
    await page.getByRole("navigation", { name: "Modules" }).getByRole("link", { name: "Audience" }).click();
    await page.waitForURL((url) => url.pathname === "/audience");
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("table", { name: "Personas" }).waitFor();
          await page.waitForLoadState("networkidle");
          return personaRows(page).count();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBeGreaterThanOrEqual(3);
    await page.getByText(/Google Analytics 4 audience \(CSV import\)/).waitFor();
    const table = page.getByRole("table", { name: "Personas" });
    // Demographics from the file; no platform, since a website's visitors name none.
    expect(await table.textContent()).toMatch(/(Women|Men|Mixed), \d\d–\d\d/);
    expect(await table.locator("tbody tr").first().textContent()).toContain("—");
    await page.screenshot({ path: "/tmp/audience-import-personas.png", fullPage: true });

    await personaRows(page).first().click();
    await page.waitForURL((url) => /^\/audience\/[^/]+\/details$/.test(url.pathname));
    await page
      .getByText(/Google Analytics 4 audience \(CSV import\)/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByText(/no engagement estimate \(no platform data\)$/).waitFor();
    await page.getByText("No platform data yet").waitFor({ timeout: 30_000 });
    await page.getByText(/No estimate: this persona comes from your website's visitors/).waitFor();
    await page.screenshot({ path: "/tmp/audience-import-persona.png", fullPage: true });
  }, 180_000);
});
