import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { type BundleReport, bundleReportPath } from "../build/bundle-report";
import { launchChromium } from "./browser";

// Issue 6's budget for the sign-in route; chart code must never be part of it (issue 3).
const SIGN_IN_BUDGET_GZIP_BYTES = 150 * 1024;
const chartCode = /(^|\/)packages\/charts\/|node_modules\/(@nivo|d3-geo|world-atlas|topojson-client)\//;

const baseUrl = inject("baseUrl");
const distDir = resolve(import.meta.dirname, "../dist");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Every script the page loads, as paths under dist: the bundle's chunks and public/color-mode.js alike. */
async function scriptsLoadedBy(path: string): Promise<string[]> {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith(".js")) scripts.push(url.pathname.slice(1));
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  await page.close();
  return scripts;
}

it("the sign-in route loads no chart code and stays within its JavaScript budget", async () => {
  const report: BundleReport = JSON.parse(readFileSync(bundleReportPath, "utf8"));
  const scripts = await scriptsLoadedBy("/sign-in");
  const modules = scripts.flatMap((file) => report[file]?.modules ?? []);

  expect(modules).toContain("apps/web/src/routes/_public/sign-in.tsx");
  expect(modules.filter((id) => chartCode.test(id))).toEqual([]);

  const gzipBytes = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(resolve(distDir, file))).length,
    0,
  );
  console.info(`/sign-in loads ${scripts.length} scripts, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
  expect(gzipBytes).toBeLessThanOrEqual(SIGN_IN_BUDGET_GZIP_BYTES);
});
