import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { accountWithOwnBrand } from "./accounts";
import { launchChromium, signedInContext } from "./browser";
import { importEveryUpload } from "./uploads";

// Issues 27 and 28 against the real server, whose sample data set covers Food & Beverage: a new account's own brand
// in that industry sees none of the sample's keywords or creators. Intent is empty and names its three ways in; real
// exports uploaded on Data sources (files of the real-exports corpus, apps/api/test/fixtures/real-exports/README.md)
// then fill it: a bucketed Keyword Planner export becomes exactly the file's keywords, shown as ranges, and two
// YouTube Studio tables without likes (one with the "Showing top 500 results" line, one with undated videos and
// German headers) become videos whose engagement is left out, not counted as 0. Content's 30 days end today and say
// how old the YouTube export is; influencers says why it lists no creator; no module of the brand says "Sample data".
const baseUrl = inject("baseUrl");
const REAL = join(import.meta.dirname, "../../api/test/fixtures/real-exports");
const PLANNER = join(REAL, "keyword-planner/barakataa.csv");
const YOUTUBE_TOP_500 = join(REAL, "youtube-content/krishp1010-lab.csv");
const YOUTUBE_UNDATED = join(REAL, "youtube-content/raphaeloe-de.csv");

/** The keywords of the Keyword Planner export (UTF-16, tab-separated, the header first) with their volume cell. */
const plannerRows = () =>
  readFileSync(PLANNER)
    .toString("utf16le")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split("\t"))
    .map(([keyword = "", , volume = ""]) => ({ keyword, volume }));

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
      { name: "Keyword Stats.csv", mimeType: "text/csv", buffer: readFileSync(PLANNER) },
      { name: "Table data.csv", mimeType: "text/csv", buffer: readFileSync(YOUTUBE_TOP_500) },
      { name: "Tabellendaten.csv", mimeType: "text/csv", buffer: readFileSync(YOUTUBE_UNDATED) },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    // Each preview says what is skipped and what is unknown before anything is stored.
    await uploads
      .getByText(/^Read as ranges: .+ so 10 keywords are stored with a volume range/)
      .waitFor({ timeout: 30_000 });
    await uploads
      .getByText(/^1 row skipped \(line 12\): "Showing top 500 results"/)
      .waitFor({ timeout: 30_000 });
    await uploads.getByText(/^3 rows skipped \(lines 7, 13, 14\): they have no Video publish time/).waitFor();
    expect(await uploads.getByText(/posts have no likes in the file: stored as unknown, not 0/).count()).toBe(
      2,
    );
    await importEveryUpload(uploads, 3);
    await uploads.getByText(/Google Ads Keyword Planner: 12 of 12 rows stored/).waitFor({ timeout: 30_000 });
    expect(await uploads.getByText(/YouTube Studio content: 9 of \d+ rows stored/).count()).toBe(2);

    await openModule(page, "Intent", "/intent");
    const table = page.getByRole("table", { name: "Keywords", exact: true });
    await expect
      .poll(async () => (await table.getByRole("rowheader").allTextContents()).sort(), { timeout: 30_000 })
      .toEqual(
        plannerRows()
          .map((row) => row.keyword)
          .sort(),
      );
    // Bucketed volumes read as Google's ranges, a keyword without figures as unknown, never 0.
    const volumeOf = async (keyword: string) =>
      (
        await table
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: keyword, exact: true }) })
          .getByRole("cell")
          .first()
          .textContent()
      )?.trim();
    const rows = plannerRows();
    const at = (volume: string) => rows.find((row) => row.volume === volume)?.keyword ?? "";
    expect(await volumeOf(at("500000"))).toBe("100K–1M");
    expect(await volumeOf(at("50"))).toBe("10–100");
    expect(await volumeOf(at(""))).toBe("—");
    await page.getByText(/Google Ads Keyword Planner \(CSV import\)/).waitFor();
    expect(await page.getByText(SAMPLE_BADGE).count()).toBe(0);

    // Content's 30 days end today, and the YouTube section says how old its newest video is.
    const today = new Date().toISOString().slice(0, 10);
    // The figures, not a 202 "being computed" answered before the imports' recompute has run.
    const content = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/content" && response.status() === 200,
      { timeout: 120_000 },
    );
    await openModule(page, "Content", "/content");
    const { window } = (await (await content).json()) as { window: { from: string; to: string } };
    expect(window.to).toBe(today);
    const ages = page.getByRole("region", { name: "How old your sources are" });
    await ages
      .getByText("YouTube export: newest video 15 Mar 2025 — upload a newer export or connect YouTube.")
      .waitFor({ timeout: 30_000 });
    // One click to the 30 days ending on the newest video: its videos count, their unknown engagement is left out.
    await ages.getByRole("button", { name: "Show the 30 days ending 15 Mar 2025" }).click();
    await page.getByText(/^1 post left out: engagement not in the file/).waitFor({ timeout: 30_000 });
    expect(await page.getByText(SAMPLE_BADGE).count()).toBe(0);

    await openModule(page, "Influencers", "/influencer");
    await page.getByText("No creators for your brand yet").waitFor({ timeout: 30_000 });
    // No creator's details link: the only link in the list is its empty state's way in.
    const ranked = page.getByRole("table", { name: "Ranked influencers", exact: true });
    expect(await ranked.locator('a[href^="/influencer/"]').count()).toBe(0);
    await ranked.getByRole("link", { name: "Import a creator list on Data sources" }).waitFor();
    expect(await page.getByText(SAMPLE_BADGE).count()).toBe(0);

    for (const [name, path] of [
      ["Competitors", "/competitor"],
      ["Audience", "/audience"],
    ] as const) {
      await openModule(page, name, path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.getByText(SAMPLE_BADGE).count(), name).toBe(0);
    }
  }, 300_000);
});
