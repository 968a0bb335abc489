import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type BundleReport, bundleReportPath } from "../build/bundle-report";
import { type AppServer, startAppServer } from "./app-server";
import { launchChromium } from "./browser";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "./otlp-receiver";

// Issue 17: monitoring as docs/product.md §7 and §9 ask. A server of its own sends its traces to a local OTLP
// receiver (OTEL_EXPORTER_OTLP_ENDPOINT) and names it to browsers with their public token; the shared server has
// no collector, as on a default install.
const BROWSER_TOKEN = "browser-ingest-token";
const SERVER_SECRET = "server-only-secret";
const telemetryCode = /node_modules\/@opentelemetry\/|features\/monitoring\/tracing\.ts$/;

let receiver: OtlpReceiver;
let app: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  app = await startAppServer({
    env: {
      SAMPLE_DATA: "off",
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer ${SERVER_SECRET}`,
      OTEL_BROWSER_TOKEN: BROWSER_TOKEN,
    },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** The sign-in screen, once the tracing code has loaded and wrapped fetch. */
async function openSignIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor();
  await page.waitForFunction(() => !window.fetch.toString().includes("[native code]"));
}

/** Forgot password: a route change, then the API call its form makes, answered; the call's traceparent header. */
async function askForResetCode(page: Page): Promise<string> {
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { name: "Forgot your password?", level: 1 }).waitFor();
  await page.getByLabel("Email").fill(`nobody-${Date.now()}@brandscope.test`);
  const call = page.waitForResponse((response) => response.url().endsWith("/api/auth/forgot-password"));
  await page.getByRole("button", { name: "Send reset code" }).click();
  const traceparent = (await call).request().headers().traceparent ?? "";
  await page.waitForURL((url) => url.pathname === "/reset-password");
  expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  return traceparent;
}

const browserPosts = () => receiver.posts.filter((post) => post.token !== null);
const browserSpans = () => browserPosts().flatMap((post) => (post.status === 200 ? post.spans : []));
const serverSpans = () => receiver.posts.filter((post) => post.token === null).flatMap((post) => post.spans);

async function eventually<T>(what: string, find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((tick) => setTimeout(tick, 200));
  }
}

describe("monitoring", () => {
  it("sends a page view and the API call it makes as one trace across browser and server", async () => {
    const page = await openPage();
    await openSignIn(page, app.baseUrl);
    const [, traceId, callSpanId] = (await askForResetCode(page)).split("-");

    const call = await eventually("the browser's span of the call", () =>
      browserSpans().find((span) => span.traceId === traceId && span.spanId === callSpanId),
    );
    const request = await eventually("the server's span of the same request", () =>
      serverSpans().find((span) => span.traceId === traceId && span.scope === "@fastify/otel"),
    );
    expect(call).toMatchObject({ service: "Brandscope", attributes: { "http.request.method": "POST" } });
    expect(request).toMatchObject({
      service: "Brandscope",
      parentSpanId: callSpanId,
      name: "POST /api/auth/forgot-password",
    });
    // The server's queries for it are part of the trace too.
    await eventually("a query of the request", () =>
      serverSpans().find((span) => span.traceId === traceId && span.name.startsWith("pg.query")),
    );

    // The page load and the route change, each with the browser's session.
    const load = await eventually("the page load", () =>
      browserSpans().find((span) => span.name === "documentLoad"),
    );
    const change = await eventually("the route change", () =>
      browserSpans().find((span) => span.name === "route change /_public/forgot-password"),
    );
    const sessions = new Set([call, load, change].map((span) => span.attributes["session.id"]));
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toMatch(/^[0-9a-f]{32}$/);

    // Browsers post with the public token only; the server's credentials go with the server's posts alone.
    for (const post of browserPosts()) {
      expect(post).toMatchObject({ path: "/v1/traces", token: BROWSER_TOKEN, authorization: undefined });
    }
    expect(
      receiver.posts.some((post) => post.token === null && post.authorization === `Bearer ${SERVER_SECRET}`),
    ).toBe(true);
    const recorded = JSON.stringify(receiver.posts.flatMap((post) => post.spans));
    expect(recorded).not.toContain(SERVER_SECRET);
    expect(recorded).not.toContain(BROWSER_TOKEN);
  });

  it("retries the collector's 503 until it takes the spans", async () => {
    const page = await openPage();
    await openSignIn(page, app.baseUrl);
    receiver.failNextBrowserPosts([503, 503]);
    const [, traceId] = (await askForResetCode(page)).split("-");

    await eventually("the spans after the collector recovered", () =>
      browserSpans().find((span) => span.traceId === traceId),
    );
    const refused = browserPosts().filter((post) => post.status === 503);
    expect(refused).toHaveLength(2);
    // The refused spans are the ones that then arrived.
    const arrived = new Set(browserSpans().map((span) => span.spanId));
    expect(refused.flatMap((post) => post.spans).every((span) => arrived.has(span.spanId))).toBe(true);
  });

  it("sends what is left by beacon when the page is hidden, in payloads of at most 64,000 bytes", async () => {
    const page = await openPage();
    // Each beacon the app sends, noted where it outlives the page: the origin's local storage.
    await context.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const queued = send(url, data);
        const sent = JSON.parse(localStorage.getItem("e2e-beacons") ?? "[]") as unknown[];
        const bytes = data instanceof Blob ? data.size : -1;
        localStorage.setItem("e2e-beacons", JSON.stringify([...sent, { url: String(url), bytes, queued }]));
        return queued;
      };
    });
    await openSignIn(page, app.baseUrl);
    // The page load's batch goes by fetch after 5 s; what follows starts a batch of its own.
    const loaded = browserPosts().length;
    await eventually("the page load's batch", () => (browserPosts().length > loaded ? true : undefined));
    const [, traceId, callSpanId] = (await askForResetCode(page)).split("-");
    // The fetch instrumentation ends the call's span up to 300 ms after the answer (it waits for its timing).
    await page.waitForTimeout(1000);
    const before = browserPosts().length;
    // Leaving hides the page within the batch's 5 s: the rest must go by beacon, which outlives the page.
    await page.goto("about:blank");

    const span = await eventually("the call's span, sent as the page left", () =>
      browserSpans().find(
        (candidate: ReceivedSpan) => candidate.traceId === traceId && candidate.spanId === callSpanId,
      ),
    );
    expect(span.attributes["http.request.method"]).toBe("POST");
    const storage = await context.storageState();
    const stored = storage.origins.find((origin) => origin.origin === app.baseUrl)?.localStorage ?? [];
    const beacons = JSON.parse(stored.find((item) => item.name === "e2e-beacons")?.value ?? "[]") as {
      url: string;
      bytes: number;
      queued: boolean;
    }[];
    expect(beacons.length).toBeGreaterThan(0);
    for (const beacon of beacons) {
      expect(beacon).toMatchObject({ url: `${receiver.url}/v1/traces?token=${BROWSER_TOKEN}`, queued: true });
      expect(beacon.bytes).toBeGreaterThan(0);
      expect(beacon.bytes).toBeLessThanOrEqual(64_000);
    }
    for (const post of browserPosts().slice(before)) expect(post.bytes).toBeLessThanOrEqual(64_000);
  });

  it("loads no monitoring code and sends nothing when no collector is configured", async () => {
    const baseUrl = inject("baseUrl");
    const page = await openPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const config = page.waitForResponse((response) => response.url().endsWith("/api/telemetry"));
    await page.goto(`${baseUrl}/sign-in`);
    expect(await (await config).json()).toEqual({ endpoint: null, token: null });
    await page.waitForLoadState("networkidle");

    expect(requests.every((url) => url.startsWith(`${baseUrl}/`))).toBe(true);
    const report: BundleReport = JSON.parse(readFileSync(bundleReportPath, "utf8"));
    const modules = requests
      .filter((url) => url.endsWith(".js"))
      .flatMap((url) => report[new URL(url).pathname.slice(1)]?.modules ?? []);
    expect(modules).toContain("apps/web/src/features/monitoring/start.ts");
    expect(modules.filter((id) => telemetryCode.test(id))).toEqual([]);
    expect(await page.evaluate(() => window.fetch.toString().includes("[native code]"))).toBe(true);
  });
});
