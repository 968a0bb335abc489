import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";
import { connectSampleBrand } from "./sample-brand";

// The five modules against the real server with the sample brand (Lumora Coffee) on the Starter plan: each
// screen renders its charts (an <svg> inside the chart's labelled image), persona and influencer details open,
// and the keyword search narrows the list. The sample's figures may still be computing when the first screen
// asks: a module call computes what is missing, so a first chart may take a while.
const baseUrl = inject("baseUrl");
/** How long a screen may take to show its first figures (on-demand computation of the sample's). */
const FIRST_RENDER_MS = 45_000;
const TEST_MS = 120_000;

let browser: Browser;
let context: BrowserContext;
let page: Page | undefined;
let brandName: string;
let competitorName: string;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("modules", "Maya", "Lindqvist");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  const sample = await connectSampleBrand(login);
  expect(sample.brand.sample).toBe(true);
  // Starter follows one competitor.
  expect(sample.competitors).toHaveLength(1);
  brandName = sample.brand.name;
  competitorName = sample.competitors[0]?.name ?? "";
  // One signed-in context for the file, seeded the way shell.e2e.test.ts does it; each test opens its own tab.
  context = await signedInContext(browser, login);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** A new tab on `path`; a failing test leaves a screenshot of it under /tmp. */
async function open(path: string, name: string): Promise<Page> {
  await page?.close();
  const tab = await context.newPage();
  page = tab;
  onTestFailed(async () => {
    const file = `/tmp/modules-e2e-${name}.png`;
    await tab.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Screenshot of the failing screen: ${file} (${tab.url()})`);
  });
  await tab.goto(`${baseUrl}${path}`);
  return tab;
}

const pathOf = (tab: Page) => new URL(tab.url()).pathname;

/** A chart by its accessible label: drawn (an svg with shapes) and with its data table as the text alternative. */
async function expectChart(scope: Page | Locator, label: string, timeout = 15_000) {
  const chart = scope.getByRole("img", { name: label, exact: true });
  await chart.waitFor({ timeout });
  const svg = chart.locator("svg").first();
  await svg.waitFor({ timeout });
  await expect.poll(() => svg.locator("path, circle, rect").count(), { timeout }).toBeGreaterThan(0);
  const table = scope.getByRole("table", { name: label, exact: true });
  expect(await table.getByRole("rowheader").count()).toBeGreaterThan(0);
  return chart;
}

/** The rows of a data table once it has loaded (each row's first cell is its header). */
async function rowHeaders(table: Locator): Promise<string[]> {
  await table.waitFor();
  await expect.poll(() => table.getAttribute("aria-busy"), { timeout: FIRST_RENDER_MS }).toBeNull();
  return (await table.getByRole("rowheader").allInnerTexts()).map((text) => text.trim());
}

describe("modules with the sample brand", () => {
  it(
    "Content: figures, posts by network, keywords, top posts, audit and content architecture",
    async () => {
      const tab = await open("/content", "content");
      await tab.getByRole("heading", { name: "Content", level: 1 }).waitFor();
      const byNetwork = tab.getByRole("region", { name: "Content by network" });
      const doughnut = await expectChart(byNetwork, "Posts by network", FIRST_RENDER_MS);
      // The provenance line, once the figures are in.
      await tab.getByText("Sample data", { exact: true }).first().waitFor();
      expect(await doughnut.locator("svg path").count()).toBeGreaterThan(0);
      const legend = byNetwork.getByRole("list", { name: "Legend" });
      const networks = await legend.getByRole("listitem").allInnerTexts();
      expect(networks.length).toBeGreaterThan(0);
      // Every slice is named in the legend and in the text alternative.
      const slices = byNetwork.getByRole("table", { name: "Posts by network" }).getByRole("rowheader");
      expect(await slices.count()).toBe(networks.length);

      const keywords = tab.getByRole("region", { name: "Keywords", exact: true });
      expect(
        await keywords.getByRole("list", { name: "Keywords by posts" }).getByRole("listitem").count(),
      ).toBeGreaterThan(0);

      const topPosts = tab.getByRole("region", { name: "Top posts" });
      expect(await topPosts.getByRole("link").count()).toBeGreaterThan(0);

      const audit = tab.getByRole("region", { name: "Audit" });
      for (const part of ["Formats", "Best times to post", "Caption tone"]) {
        await audit.getByRole("heading", { name: part }).waitFor();
      }
      for (const label of ["Posts per week", "Engagement rate"]) {
        await tab.getByText(label, { exact: true }).first().waitFor();
      }

      const architecture = tab.getByRole("region", { name: "Content architecture" });
      const pillars = architecture.getByRole("list", { name: "Content pillars" });
      await pillars.waitFor();
      expect(await pillars.locator("> li").count()).toBeGreaterThan(0);
    },
    TEST_MS,
  );

  it(
    "Competitors: the brand against its one competitor, audience by platform, website metrics and traffic maps",
    async () => {
      const tab = await open("/competitor", "competitor");
      await tab.getByRole("heading", { name: "Competitors", level: 1 }).waitFor();
      await expectChart(
        tab.getByRole("region", { name: "Audience by platform" }),
        `Audience by platform, ${brandName} and ${competitorName}`,
        FIRST_RENDER_MS,
      );
      // The one competitor is the one chosen.
      await expect
        .poll(() => tab.getByRole("combobox", { name: "Competitor" }).textContent())
        .toContain(competitorName);

      const metrics = tab.getByRole("table", {
        name: `Website metrics of ${brandName} and ${competitorName}`,
      });
      await metrics.waitFor();
      expect(await metrics.getByRole("columnheader").allInnerTexts()).toEqual([
        "Metric",
        brandName,
        competitorName,
      ]);
      expect(await rowHeaders(metrics)).toEqual([
        "Overall traffic",
        "Search traffic",
        "Pages per visit",
        "Average visit duration",
        "Backlinks",
        "Articles per week",
      ]);

      for (const name of [brandName, competitorName]) {
        const region = tab.getByRole("region", { name: `Traffic by country: ${name}` });
        const map = await expectChart(region, `Traffic by country, ${name}`, FIRST_RENDER_MS);
        // The world map: one path per country.
        expect(await map.locator("svg path").count()).toBeGreaterThan(50);
      }
    },
    TEST_MS,
  );

  it(
    "Audience: the top 3 personas with the upgrade prompt; a persona's details show its charts and tables",
    async () => {
      const tab = await open("/audience", "audience");
      await tab.getByRole("heading", { name: "Audience", level: 1 }).waitFor();
      const personas = tab.getByRole("table", { name: "Personas", exact: true });
      const names = await rowHeaders(personas);
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThanOrEqual(3);
      await tab.getByText("Starter shows the top 3.").waitFor();
      await tab.getByRole("link", { name: "See all personas with Professional" }).waitFor();

      const first = names[0] ?? "";
      await personas.getByRole("link", { name: first, exact: true }).click();
      await tab.waitForURL((url) => /^\/audience\/[^/]+\/details$/.test(url.pathname));
      await tab.getByRole("heading", { name: first, level: 1 }).waitFor({ timeout: FIRST_RENDER_MS });
      await expectChart(tab, `Interests of ${first}`, FIRST_RENDER_MS);
      await expectChart(tab, `Platforms of ${first}`);
      await tab
        .getByRole("region", { name: "Platforms" })
        .getByRole("list", { name: "Legend" })
        .getByRole("listitem")
        .first()
        .waitFor();
      await expectChart(tab, `Activity of ${first}`);
      expect(
        (await rowHeaders(tab.getByRole("table", { name: `Keywords of ${first}` }))).length,
      ).toBeGreaterThan(0);
      const influencers = tab.getByRole("table", { name: `Influencers matching ${first}` });
      expect((await rowHeaders(influencers)).length).toBeGreaterThan(0);
      await tab.getByRole("link", { name: "All personas" }).click();
      await tab.waitForURL((url) => url.pathname === "/audience");
    },
    TEST_MS,
  );

  it(
    "Influencers: 3 ranked influencers with the upgrade prompt; one's details show the bubble chart and posts",
    async () => {
      const tab = await open("/influencer", "influencer");
      await tab.getByRole("heading", { name: "Influencers", level: 1 }).waitFor();
      const ranked = tab.getByRole("table", { name: "Ranked influencers" });
      const rows = await rowHeaders(ranked);
      expect(rows).toHaveLength(3);
      await tab.getByText("Starter shows the top 3.").waitFor();
      await tab.getByRole("link", { name: "See all influencers with Professional" }).waitFor();

      const link = ranked.getByRole("rowheader").first().getByRole("link");
      const name = ((await link.textContent()) ?? "").trim();
      await link.click();
      await tab.waitForURL((url) => /^\/influencer\/[^/]+\/details$/.test(url.pathname));
      await tab.getByRole("heading", { name, level: 1 }).waitFor({ timeout: FIRST_RENDER_MS });
      await expectChart(
        tab.getByRole("region", { name: "Audience and engagement" }),
        `Audience size against engagement, ${name}`,
        FIRST_RENDER_MS,
      );
      const posts = tab.getByRole("region", { name: "Recent posts" }).getByRole("listitem");
      await posts.first().waitFor();
      expect(await posts.count()).toBeGreaterThan(0);
      await tab.getByRole("link", { name: "All influencers" }).click();
      await tab.waitForURL((url) => url.pathname === "/influencer");
    },
    TEST_MS,
  );

  it(
    "Intent: the keyword bubble chart and table; a search shows only matching keywords, or an empty state",
    async () => {
      const tab = await open("/intent", "intent");
      await tab.getByRole("heading", { name: "Intent", level: 1 }).waitFor();
      await expectChart(tab, "Keywords by cost per click and monthly searches", FIRST_RENDER_MS);
      const table = tab.getByRole("table", { name: "Keywords", exact: true });
      const keywords = await rowHeaders(table);
      expect(keywords.length).toBeGreaterThan(1);

      // The longest word of the top keyword: a fragment the search must find.
      const fragment = (keywords[0] ?? "")
        .split(/\s+/)
        .reduce((longest, word) => (word.length > longest.length ? word : longest), "")
        .toLowerCase();
      expect(fragment.length).toBeGreaterThanOrEqual(3);
      const search = tab.getByRole("searchbox", { name: "Search keywords" });
      await search.fill(fragment);
      // After the debounce the search answers: "<n> matching keywords".
      const status = tab.getByRole("status").filter({ hasText: /^\d+ matching keywords$/ });
      await status.waitFor({ timeout: FIRST_RENDER_MS });
      const matches = await rowHeaders(table);
      expect(matches.length).toBeGreaterThan(0);
      expect(await status.textContent()).toBe(`${matches.length} matching keywords`);
      for (const keyword of matches) expect(keyword.toLowerCase()).toContain(fragment);
      expect(matches.map((keyword) => keyword.toLowerCase())).toContain(keywords[0]?.toLowerCase());

      await search.fill("zzqxv");
      await tab.getByRole("status").filter({ hasText: "0 matching keywords" }).waitFor();
      await table.getByText("No matching keywords").waitFor();
      expect(await table.getByRole("rowheader").count()).toBe(0);

      await table.getByRole("button", { name: "Clear the search" }).click();
      await expect.poll(() => search.inputValue()).toBe("");
      expect(await rowHeaders(table)).toEqual(keywords);
    },
    TEST_MS,
  );

  it(
    "Dashboard: headlines of the five modules, each leading into its module",
    async () => {
      const tab = await open("/dashboard", "dashboard");
      await tab.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      const headlines = tab.getByRole("list", { name: "Headlines" });
      await headlines.waitFor({ timeout: FIRST_RENDER_MS });
      expect(await headlines.getByRole("listitem").count()).toBeGreaterThanOrEqual(5);
      const modules = [
        ["Content", "/content"],
        ["Competitors", "/competitor"],
        ["Audience", "/audience"],
        ["Influencers", "/influencer"],
        ["Intent", "/intent"],
      ] as const;
      for (const [name, path] of modules) {
        const link = headlines.getByRole("link", { name: `Open ${name}`, exact: true }).first();
        expect(new URL((await link.getAttribute("href")) ?? "", baseUrl).pathname).toBe(path);
      }
      // A headline with a value shows it (a missing one says why, never a stand-in 0).
      expect(await headlines.locator("[data-slot=figure-value]").count()).toBeGreaterThan(0);

      await headlines.getByRole("link", { name: "Open Intent", exact: true }).first().click();
      await tab.waitForURL((url) => url.pathname === "/intent");
      await tab.getByRole("heading", { name: "Intent", level: 1 }).waitFor();
    },
    TEST_MS,
  );

  // Last: it leaves 7 days as the content module's remembered period.
  it(
    "Period: choosing 7 days on /content compares with the previous 7 days and is remembered",
    async () => {
      const tab = await open("/content", "period");
      const picker = tab.getByRole("group", { name: "Content period" });
      await picker.waitFor();
      expect(await picker.getByRole("radio", { name: "30 days" }).isChecked()).toBe(true);
      await tab.getByText("vs previous 30 days").first().waitFor({ timeout: FIRST_RENDER_MS });

      // The radio itself is visually hidden: a user clicks its label.
      await picker.getByText("7 days", { exact: true }).click();
      expect(await picker.getByRole("radio", { name: "7 days" }).isChecked()).toBe(true);
      await tab.getByText("vs previous 7 days").first().waitFor({ timeout: FIRST_RENDER_MS });
      expect(await tab.getByText("vs previous 30 days").count()).toBe(0);
      await expectChart(tab, "Posts by network", FIRST_RENDER_MS);
      const stored = await tab.evaluate(() => JSON.parse(localStorage.getItem("content") ?? "{}"));
      expect(stored.period).toMatchObject({ period: "7d" });

      // Remembered: a reload opens on 7 days.
      await tab.reload();
      await tab.getByText("vs previous 7 days").first().waitFor({ timeout: FIRST_RENDER_MS });
      expect(await tab.getByRole("radio", { name: "7 days" }).isChecked()).toBe(true);
      expect(pathOf(tab)).toBe("/content");
    },
    TEST_MS,
  );
});
