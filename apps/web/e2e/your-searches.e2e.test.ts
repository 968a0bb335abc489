import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { accountWithOwnBrand } from "./accounts";
import { launchChromium, signedInContext } from "./browser";

// Issue 27's Search Console part in the browser, against the real server: a new account with a website brand
// uploads, through Data sources, a compare-mode Search Console export (a real file's structure, the corpus's
// alfianalim.csv), and intent shows its queries as the brand's own searches, by clicks, never as keywords.
const baseUrl = inject("baseUrl");
const QUERIES = join(
  import.meta.dirname,
  "../../api/test/fixtures/real-exports/search-console-queries/alfianalim.csv",
);

/** The export's queries by their current period's clicks (the second column), most first. */
const byClicks = () =>
  readFileSync(QUERIES, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(","))
    .sort((a, b) => Number(b[1]) - Number(a[1]))
    .map((cells) => cells[0] ?? "");

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  const login = await accountWithOwnBrand(
    { label: "your-searches", firstName: "Tomas", lastName: "Reyes" },
    {
      websiteUrl: "https://harbourline-tea.example/",
      country: "GB",
      brandName: "Harbourline Tea",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/harbourlinetea" }],
    },
  );
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("a Search Console export of an own brand", () => {
  it("is imported on Data sources and listed in intent as the brand's own searches", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/your-searches-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/your-searches-e2e.png");
    });
    await page.goto(`${baseUrl}/intent`);
    const section = page.getByRole("region", { name: "Your searches" });
    await section.getByText("No searches of your brand yet").waitFor({ timeout: 30_000 });
    await section.getByRole("link", { name: "Add your searches on Data sources" }).click();
    await page.waitForURL((url) => url.pathname === "/data-sources");

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click();
    await (await chooser).setFiles([
      { name: "Queries.csv", mimeType: "text/csv", buffer: readFileSync(QUERIES) },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    // The preview says what the queries become and which days they are read as, before anything is stored.
    await uploads
      .getByText(
        /^5 Search Console queries stored as your brand's own searches .* read as the file's "Last 3 months"/,
      )
      .waitFor({ timeout: 30_000 });
    await uploads.getByRole("button", { name: "Import 5 rows" }).click();
    await uploads.getByText(/Google Search Console queries: 5 of 5 rows stored/).waitFor({ timeout: 30_000 });

    await page
      .getByRole("navigation", { name: "Modules" })
      .getByRole("link", { name: "Intent", exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === "/intent");
    const searches = page.getByRole("region", { name: "Your searches" });
    await expect
      .poll(() => searches.getByRole("table").getByRole("rowheader").allTextContents(), { timeout: 30_000 })
      .toEqual(byClicks());
    expect(await searches.textContent()).toContain("from Search Console export Queries.csv, by clicks");
    expect(await searches.textContent()).toContain("they are not search volume");
    // Not keywords: the keyword table stays empty of them.
    await page.getByText("No keywords of your brand yet").waitFor();
  }, 180_000);
});
