import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";
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

/** One Lighthouse run of one page. */
export interface LighthouseRun {
  /** Each category's score, 0–100. */
  scores: Record<Category, number>;
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
function summarize(lhr: Result): LighthouseRun {
  const scores = {} as Record<Category, number>;
  const lost = new Map<string, LostAudit>();
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
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
  return { scores, unusedJavaScriptBytes, lost: [...lost.values()].sort((a, b) => a.score - b.score) };
}

/**
 * Runs Lighthouse (desktop preset) on `url` in the Chromium listening on `port`, on a first visit. Lighthouse
 * empties the HTTP cache but keeps localStorage, where the app keeps its session, so that is set here: emptied,
 * then with `session` written under `auth` (what the app keeps after a sign-in, as the browser tests'
 * seedStorage does) and Lighthouse told not to touch storage at all.
 */
export async function runLighthouse(o: {
  url: string;
  port: number;
  session?: Record<string, unknown>;
}): Promise<LighthouseRun> {
  await setSession(o.port, new URL(o.url).origin, o.session);
  const flags: Flags = {
    port: o.port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    ...(o.session ? { disableStorageReset: true } : {}),
  };
  let lhr: Result | undefined;
  // On a busy machine the trace of a load is now and then incomplete (NO_NAVSTART, NO_FCP): Lighthouse's own
  // advice is to run again.
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await setSession(o.port, new URL(o.url).origin, o.session);
    lhr = (await lighthouse(o.url, flags, desktopConfig))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${o.url}`);
    if (!lhr.runtimeError) break;
    if (attempt === ATTEMPTS) {
      throw new Error(`Lighthouse could not load ${o.url}: ${lhr.runtimeError.message}`);
    }
  }
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${o.url}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(o.url).pathname) throw new Error(`Lighthouse's ${o.url} ended on ${landed}`);
  return summarize(lhr);
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
