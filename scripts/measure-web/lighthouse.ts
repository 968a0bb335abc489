import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import lighthouse, { type Config, desktopConfig, type Flags, type Result } from "lighthouse";
import { type Browser, chromium } from "playwright-core";

const ATTEMPTS = 3;

/** The categories issue 17 holds, by Lighthouse's id. */
export const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
export type Category = (typeof CATEGORIES)[number];

/** An audit that cost its category points: its score (0–1) and what Lighthouse says it would save. */
export interface LostAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

/**
 * The profiles a page is measured with (issues 17 and 33):
 * - `desktop`: Lighthouse's desktop preset (a fast desktop: 40 ms round trips, 10 Mbit/s, no CPU slowdown);
 * - `slow-laptop`: issue 33's modest laptop on a hotel or train network: Lighthouse's default (mobile) throttling,
 *   simulated (150 ms round trips, 1.6 Mbit/s, the CPU 4× slower), on the desktop preset's 1350 × 940 screen,
 *   since the app asks for a laptop below 1024 px (docs/product.md §9);
 * - `mobile`: Lighthouse's default preset, the same throttling on a 412 px phone screen (the shared report, read
 *   from an e-mail on a phone).
 */
export type Profile = "desktop" | "slow-laptop" | "mobile";

const slowLaptopConfig: Config = {
  extends: "lighthouse:default",
  settings: {
    formFactor: "desktop",
    screenEmulation: desktopConfig.settings?.screenEmulation ?? {},
    ...(desktopConfig.settings?.emulatedUserAgent
      ? { emulatedUserAgent: desktopConfig.settings.emulatedUserAgent }
      : {}),
    // No `throttling`: the default's, mobileSlow4G.
  },
};

const CONFIGS: Record<Profile, Config> = {
  desktop: desktopConfig,
  "slow-laptop": slowLaptopConfig,
  mobile: { extends: "lighthouse:default" },
};

/** What issue 33's budgets hold, from one run (Lighthouse's own simulated values, in ms). */
export interface Timings {
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  /** What Lighthouse took for the largest contentful paint (its selector and text), to see what waits for it. */
  largestContentfulPaintElement?: string;
}

/** One Lighthouse run of one page. */
export interface LighthouseRun {
  profile: Profile;
  timings: Timings;
  /** Each category's score, 0–100 (the throttled profiles: performance only). */
  scores: Partial<Record<Category, number>>;
  /** Bytes of JavaScript Lighthouse found unused during the load ("Reduce unused JavaScript"). */
  unusedJavaScriptBytes: number;
  /** Every audit that counts towards the three categories' scores (weight above 0) and scored below 1, worst first. */
  lost: LostAudit[];
}

interface AuditRef {
  id: string;
  weight: number;
}

/** What a run's result says, reduced to what the report keeps. */
function summarize(lhr: Result, profile: Profile): LighthouseRun {
  const scores: Partial<Record<Category, number>> = {};
  const lost = new Map<string, LostAudit>();
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    // The throttled profiles run the performance category only (issue 33's budgets are two of its timings).
    if (!category && profile !== "desktop") continue;
    if (!category) throw new Error(`Lighthouse returned no ${id} category`);
    scores[id] = Math.round((category.score ?? 0) * 100);
    for (const { id: auditId, weight } of category.auditRefs as AuditRef[]) {
      const audit = lhr.audits[auditId];
      // Insights and diagnostics (weight 0), informative and not-applicable audits cost nothing.
      if (!audit || weight === 0 || audit.score === null || audit.score >= 1) continue;
      lost.set(auditId, {
        id: auditId,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  const unused = lhr.audits["unused-javascript"]?.details;
  const unusedJavaScriptBytes =
    unused && "overallSavingsBytes" in unused && typeof unused.overallSavingsBytes === "number"
      ? unused.overallSavingsBytes
      : 0;
  return {
    profile,
    timings: timingsOf(lhr),
    scores,
    unusedJavaScriptBytes,
    lost: [...lost.values()].sort((a, b) => a.score - b.score),
  };
}

function timingsOf(lhr: Result): Timings {
  const ms = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse measured no ${id}`);
    return Math.round(value);
  };
  const element = lhrNode(lhr.audits["largest-contentful-paint-element"]?.details);
  return {
    firstContentfulPaintMs: ms("first-contentful-paint"),
    largestContentfulPaintMs: ms("largest-contentful-paint"),
    totalBlockingTimeMs: ms("total-blocking-time"),
    ...(element ? { largestContentfulPaintElement: element } : {}),
  };
}

/** The element of "Largest Contentful Paint element": a list whose first table's first row names the node. */
function lhrNode(details: unknown): string | undefined {
  const table = (details as { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] })
    ?.items?.[0];
  const node = table?.items?.[0]?.node;
  if (!node?.selector) return undefined;
  return node.nodeLabel ? `${node.selector} ("${node.nodeLabel.slice(0, 60)}")` : node.selector;
}

/**
 * Runs Lighthouse (`profile`, desktop by default) on `url` in the Chromium listening on `port`, on a first visit. Lighthouse
 * empties the HTTP cache but keeps localStorage, where the app keeps its session, so that is set here: emptied,
 * then with `session` written under `auth` (what the app keeps after a sign-in, as the browser tests'
 * seedStorage does) and Lighthouse told not to touch storage at all.
 */
export async function runLighthouse(o: {
  url: string;
  port: number;
  session?: Record<string, unknown>;
  profile?: Profile;
}): Promise<LighthouseRun> {
  const profile = o.profile ?? "desktop";
  await setSession(o.port, new URL(o.url).origin, o.session);
  const flags: Flags = {
    port: o.port,
    output: "json",
    logLevel: "error",
    // The shared machine: the throttled profiles skip the categories only the desktop budgets hold.
    onlyCategories: profile === "desktop" ? [...CATEGORIES] : ["performance"],
    ...(o.session ? { disableStorageReset: true } : {}),
  };
  let lhr: Result | undefined;
  // On a busy machine the trace of a load is now and then incomplete (NO_NAVSTART, NO_FCP): Lighthouse's own
  // advice is to run again.
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await setSession(o.port, new URL(o.url).origin, o.session);
    lhr = (await lighthouse(o.url, flags, CONFIGS[profile]))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${o.url}`);
    if (!lhr.runtimeError) break;
    if (attempt === ATTEMPTS) {
      throw new Error(`Lighthouse could not load ${o.url}: ${lhr.runtimeError.message}`);
    }
  }
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${o.url}`);
  // For a closer look at what a page waits for (the trace's observed timings, its requests and tasks).
  const keep = process.env.MEASURE_WEB_KEEP_LHR;
  if (keep) {
    const name = `${profile}-${new URL(o.url).pathname.slice(1).replaceAll("/", "-")}-${Date.now()}.json`;
    await writeFile(join(keep, name), JSON.stringify(lhr));
  }
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(o.url).pathname) throw new Error(`Lighthouse's ${o.url} ended on ${landed}`);
  return summarize(lhr, profile);
}

/**
 * Leaves the browser's default context (where Lighthouse opens its tab) with an empty localStorage and HTTP cache
 * for the app's origin, and `session` under `auth` if given. Written from a static file of the origin, which runs
 * none of the app's code.
 */
async function setSession(port: number, origin: string, session: Record<string, unknown> | undefined) {
  const browser: Browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((auth) => {
      localStorage.clear();
      if (auth) localStorage.setItem("auth", JSON.stringify(auth));
    }, session);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.close();
  } finally {
    // Disconnects this second connection; the browser stays up for Lighthouse.
    await browser.close();
  }
}
