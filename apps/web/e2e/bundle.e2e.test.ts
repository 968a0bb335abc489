import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BundleReport, bundleReportPath } from "../build/bundle-report";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";
import { BUDGETS } from "./budgets";
import { scriptsArrivedBy, watchFirstChart } from "./first-chart";
import { connectSampleBrand } from "./sample-brand";

// Issues 6 and 17: what a first load of /sign-in and of /content costs in JavaScript. Chart code is never part of
// /sign-in (issue 3), and /content loads the code of the one chart type it draws first.
const chartCode = /(^|\/)packages\/charts\/|node_modules\/(@nivo|d3-geo|world-atlas|topojson-client)\//;
const otherChartTypes =
  /(^|\/)packages\/charts\/src\/(bar|bubble|line|radar|choropleth)[./]|node_modules\/(@nivo\/(bar|line|scatterplot|radar|geo)|d3-geo|world-atlas|topojson-client)\//;
/** The sample's figures may still be computing on the first visit of a module. */
const FIRST_VISIT_MS = 45_000;

const baseUrl = inject("baseUrl");
const distDir = resolve(import.meta.dirname, "../dist");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const report = (): BundleReport => JSON.parse(readFileSync(bundleReportPath, "utf8"));
const modulesOf = (scripts: string[]) => scripts.flatMap((file) => report()[file]?.modules ?? []);
const gzipOf = (scripts: string[]) =>
  scripts.reduce((sum, file) => sum + gzipSync(readFileSync(resolve(distDir, file))).length, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Collects every script `page` loads, as paths under dist: the bundle's chunks and public/color-mode.js alike. */
function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith(".js")) scripts.push(url.pathname.slice(1));
  });
  return scripts;
}

it("the sign-in route loads no chart code and stays within its JavaScript budget", async () => {
  const page = await browser.newPage();
  const scripts = collectScripts(page);
  await page.goto(`${baseUrl}/sign-in`, { waitUntil: "networkidle" });
  await page.close();
  const modules = modulesOf(scripts);

  expect(modules).toContain("apps/web/src/routes/_public/sign-in.tsx");
  expect(modules.filter((id) => chartCode.test(id))).toEqual([]);

  const gzipBytes = gzipOf(scripts);
  console.info(`/sign-in loads ${scripts.length} scripts, ${kb(gzipBytes)} gzip`);
  expect(gzipBytes).toBeLessThanOrEqual(BUDGETS.signInGzipBytes);
});

describe("the content screen, signed in with the sample brand", () => {
  let seedSession: (page: Page) => Promise<void>;

  beforeAll(async () => {
    const account = await createConfirmedAccount("bundle", "Ines", "Okafor");
    const login = await logInThroughApi(account.email, account.password);
    await markWelcomed(login);
    await connectSampleBrand(login);
    seedSession = (page) => seedStorage(page.context(), { auth: sessionFrom(login) });
  }, 180_000);

  /** A first visit (new context: empty cache): every script, and those that had arrived when the first chart was drawn. */
  async function firstLoad(timeout: number) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await seedSession(page);
      await page.addInitScript({ content: watchFirstChart });
      const scripts = collectScripts(page);
      await page.goto(`${baseUrl}/content`);
      await page.waitForFunction(() => window.__firstChartMs !== undefined, undefined, { timeout });
      expect(new URL(page.url()).pathname).toBe("/content");
      const firstChartMs = await page.evaluate(() => window.__firstChartMs ?? Number.NaN);
      const arrived = new Set(await page.evaluate<string[]>(scriptsArrivedBy(firstChartMs)));
      await page.waitForLoadState("networkidle");
      return { scripts, beforeFirstChart: scripts.filter((file) => arrived.has(`/${file}`)) };
    } finally {
      await context.close();
    }
  }

  it("loads only the doughnut's chart code and holds its JavaScript up to the first chart", async () => {
    // The first visit lets the server compute the sample's figures; the second is the one measured.
    await firstLoad(FIRST_VISIT_MS);
    const { scripts, beforeFirstChart } = await firstLoad(15_000);
    const modules = modulesOf(scripts);

    expect(modules).toContain("packages/charts/src/doughnut/doughnut-chart.tsx");
    expect(modules.filter((id) => otherChartTypes.test(id))).toEqual([]);
    // The shell's user menu and small-screen drawer load when first reached, not with the page.
    expect(modules).toContain("packages/ui/src/components/user-menu.tsx");
    expect(modules).not.toContain("packages/ui/src/components/user-menu-dropdown.tsx");
    expect(modules).not.toContain("packages/ui/src/components/app-shell-drawer.tsx");
    expect(beforeFirstChart).toContain(
      scripts.find((file) =>
        report()[file]?.modules.includes("packages/charts/src/doughnut/doughnut-chart.tsx"),
      ),
    );

    const gzipBytes = gzipOf(beforeFirstChart);
    console.info(
      `/content loads ${beforeFirstChart.length} scripts, ${kb(gzipBytes)} gzip, before its first chart (${scripts.length} in all)`,
    );
    expect(gzipBytes).toBeLessThanOrEqual(BUDGETS.contentBeforeFirstChartGzipBytes);
  }, 120_000);
});
