import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { scriptsArrivedBy, watchFirstChart } from "../../apps/web/e2e/first-chart";

/** What the first load of one route brought in. */
export interface ScriptLoad {
  /** Each script response: its path, bytes as served (decoded) and gzip-compressed here. */
  scripts: { path: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

// Desktop size: below 1024 px the app shows a "use a wider screen" notice instead of its modules.
const VIEWPORT = { width: 1440, height: 900 };
const LOAD_TIMEOUT_MS = 60_000;
const FAILURE_SCREENSHOT = join(tmpdir(), "measure-web-failure.png");

/** Collects every script response of `page` (by resource type or content type), with its body. */
function collectScripts(page: Page): () => Promise<ScriptLoad> {
  const responses: Response[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()["content-type"] ?? "";
    if (type === "script" || /javascript|ecmascript/.test(contentType)) responses.push(response);
  });
  return async () => {
    const scripts = await Promise.all(
      responses.map(async (response) => {
        // Playwright hands the body decoded; compressed here whatever the server sent.
        const body = await response.body();
        return {
          path: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        };
      }),
    );
    return {
      scripts,
      bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    };
  };
}

async function withContext<T>(
  browser: Browser,
  prepare: (context: BrowserContext) => Promise<void>,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  // A new context each time: an empty HTTP cache and storage, as on a first visit.
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await prepare(context);
    const page = await context.newPage();
    page.setDefaultTimeout(LOAD_TIMEOUT_MS);
    return await run(page);
  } finally {
    await context.close();
  }
}

/** First load of the sign-in route, signed out: every script until the network is idle. */
export function measureSignIn(browser: Browser, baseUrl: string): Promise<ScriptLoad> {
  return withContext(
    browser,
    async () => {},
    async (page) => {
      const scripts = collectScripts(page);
      await page.goto(`${baseUrl}/sign-in`, { waitUntil: "networkidle", timeout: LOAD_TIMEOUT_MS });
      await page
        .getByRole("button", { name: /sign in/i })
        .first()
        .waitFor();
      return scripts();
    },
  );
}

export interface ContentLoad extends ScriptLoad {
  /** Navigation start → the first chart's shapes in the DOM. */
  firstChartMs: number;
  /** The scripts that had arrived when the first chart was drawn: what the first chart waited for. */
  beforeFirstChart: ScriptLoad;
}

/**
 * First load of /content, signed in (`seed` writes the session where the app keeps it): the time to the first
 * chart, then every script loaded until the network is idle (the route's chunks and the chart code it pulled in).
 */
export function measureContent(
  browser: Browser,
  baseUrl: string,
  seed: (context: BrowserContext) => Promise<void>,
  timeoutMs = LOAD_TIMEOUT_MS,
): Promise<ContentLoad> {
  return withContext(browser, seed, async (page) => {
    await page.addInitScript({ content: watchFirstChart });
    const scripts = collectScripts(page);
    await page.goto(`${baseUrl}/content`, { timeout: timeoutMs });
    try {
      await page.waitForFunction(() => window.__firstChartMs !== undefined, undefined, {
        timeout: timeoutMs,
      });
    } catch (error) {
      await page.screenshot({ path: FAILURE_SCREENSHOT, fullPage: true }).catch(() => undefined);
      throw new Error(
        `No chart on ${page.url()} within ${timeoutMs / 1000} s (screenshot: ${FAILURE_SCREENSHOT}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const path = new URL(page.url()).pathname;
    if (path !== "/content") throw new Error(`/content ended on ${path}: is the session seeded?`);
    await page.waitForLoadState("networkidle", { timeout: timeoutMs });
    const firstChartMs = await page.evaluate(() => window.__firstChartMs ?? Number.NaN);
    const arrived = new Set(await page.evaluate<string[]>(scriptsArrivedBy(firstChartMs)));
    const load = await scripts();
    const early = load.scripts.filter((script) => arrived.has(script.path));
    return {
      ...load,
      firstChartMs,
      beforeFirstChart: {
        scripts: early,
        bytes: early.reduce((sum, script) => sum + script.bytes, 0),
        gzipBytes: early.reduce((sum, script) => sum + script.gzipBytes, 0),
      },
    };
  });
}
