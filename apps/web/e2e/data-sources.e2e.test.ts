import { readFileSync } from "node:fs";
import { join } from "node:path";
import { largeFacebookExport } from "@brandscope/api/test-support";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";
import { importEveryUpload } from "./uploads";

// The Data sources screen (issue 16) against the real server: a new account's own brand receives three of the
// platforms' exports through the file picker with a progress bar, a bad row is reported by its line, the history
// lists the files, the content, competitor and intent modules name the exports, and a removed import is gone.
const baseUrl = inject("baseUrl");
const FIXTURES = join(import.meta.dirname, "../../../../shared/fixtures/imports");

let browser: Browser;
let context: BrowserContext;
let idToken: string;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("data-sources", "Rui", "Almeida");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  idToken = login.idToken;
  const connected = await fetch(`${baseUrl}/api/brand`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
    body: JSON.stringify({
      websiteUrl: "https://lumora-coffee.example/",
      country: "GB",
      brandName: "Lumora Coffee",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" }],
    }),
  });
  expect(connected.status).toBe(201);
  context = await signedInContext(browser, login);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("data sources", () => {
  it("reads three exports with progress, imports them after showing what they hold, refuses a bad row, labels the modules, removes one", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/data-sources-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/data-sources-e2e.png");
    });
    await page.goto(`${baseUrl}/content`);
    await page
      .getByRole("navigation", { name: "Modules" })
      .getByRole("link", { name: "Data sources" })
      .click();
    await page.waitForURL((url) => url.pathname === "/data-sources");
    await page.getByRole("heading", { name: "Data sources", level: 1 }).waitFor();
    await page.getByText("No import yet").waitFor();

    const exports = ["instagram-content.csv", "meta-facebook-posts.csv", "google-ads-keyword-planner.csv"];
    // TikTok's export with the first record's likes (line 2) made unreadable: the whole file is refused.
    const bad = readFileSync(join(FIXTURES, "tiktok-content.csv"), "utf8").replace('"1834"', '"lots"');
    expect(bad).toContain('"lots"');
    // The first upload is held back a moment, so its progress bar can be seen.
    let held = false;
    await page.route("**/api/brand/imports", async (route) => {
      if (route.request().method() === "POST" && !held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue();
    });
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click();
    await (await chooser).setFiles([
      ...exports.map((name) => ({ name, mimeType: "text/csv", buffer: readFileSync(join(FIXTURES, name)) })),
      { name: "tiktok-content.csv", mimeType: "text/csv", buffer: Buffer.from(bad) },
    ]);
    // Held back by the route: sending it or waiting for the server's reading of it, as the browser reports it
    // (the slow-line test below follows both phases).
    await page.getByRole("progressbar", { name: /^(Uploading|Reading) instagram-content\.csv$/ }).waitFor();

    // Each file is read and checked first, and says what it holds; nothing is stored until it is imported.
    const uploads = page.getByRole("list", { name: "Uploads" });
    await uploads
      .getByText(/^Meta Instagram posts of [^:]+: \d+ rows, .+ to .+\. Importing stores \d+ of them/)
      .waitFor();
    await uploads.getByText(/^Meta Facebook posts of [^:]+: \d+ rows/).waitFor();
    await uploads.getByText(/^Google Ads Keyword Planner of [^:]+: 10 rows/).waitFor();
    const problems = page.getByRole("list", { name: "Problems in tiktok-content.csv" });
    await problems.waitFor();
    expect(await problems.textContent()).toMatch(/^Row 2, column "Total likes"/);
    await uploads.getByText(/^Nothing was imported/).waitFor();
    expect(
      await page
        .getByRole("table", { name: "Import history" })
        .getByText("Imported", { exact: true })
        .count(),
    ).toBe(0);

    await importEveryUpload(uploads, 3);
    await uploads.getByText(/Meta Instagram posts: \d+ of \d+ rows stored/).waitFor();
    await uploads.getByText(/Meta Facebook posts: \d+ of \d+ rows stored/).waitFor();
    await uploads.getByText(/Google Ads Keyword Planner: 10 of 10 rows stored/).waitFor();
    expect(await page.getByRole("progressbar").count()).toBe(0);

    const history = page.getByRole("table", { name: "Import history" });
    await history.getByRole("cell", { name: "instagram-content.csv", exact: true }).waitFor();
    await history.getByRole("cell", { name: "tiktok-content.csv", exact: true }).waitFor();
    expect(await history.getByText("Imported", { exact: true }).count()).toBe(3);
    expect(await history.getByText("Not imported", { exact: true }).count()).toBe(1);
    await history.getByRole("cell", { name: "10 keywords" }).waitFor();

    // The website (a domain that does not exist) cannot be read: once its collection has ended, each module shows
    // the imported data under the collection's error, naming the exports its figures rest on.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseUrl}/api/brand`, {
            headers: { Authorization: `Bearer ${idToken}` },
          });
          return ((await response.json()) as { brand: { status: string } }).brand.status;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toMatch(/^(active|error)$/);
    // Newest first: the waiting files were imported from the top of the list, the last one read first.
    const socialSource = /Meta Instagram posts, Meta Facebook posts \(CSV import\)/;
    await page.getByRole("link", { name: "Content" }).click();
    await page.waitForURL((url) => url.pathname === "/content");
    await page.getByText(socialSource).waitFor({ timeout: 30_000 });
    // The website is the brand's only live source and it failed: above the module, why, and that imports still show.
    const failed = page.locator("[data-slot=sources-failed]");
    await failed.getByText("None of Lumora Coffee's live sources could be read").waitFor();
    await failed.getByText(/^The website's domain name could not be found\.$/).waitFor();
    await failed.getByText("What you import on Data sources still shows here.").waitFor();
    await page.getByRole("link", { name: "Competitors" }).click();
    await page.waitForURL((url) => url.pathname === "/competitor");
    await page.getByText(socialSource).first().waitFor({ timeout: 30_000 });
    await page.getByRole("link", { name: "Intent" }).click();
    await page.waitForURL((url) => url.pathname === "/intent");
    await page.getByText(/Google Ads Keyword Planner \(CSV import\)/).waitFor({ timeout: 30_000 });

    // Removing the keyword import takes its keywords, and the intent module's label, with it.
    await page
      .getByRole("navigation", { name: "Modules" })
      .getByRole("link", { name: "Data sources" })
      .click();
    await page.getByRole("button", { name: "Remove google-ads-keyword-planner.csv" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(/^10 keywords it stored go with it/).waitFor();
    await dialog.getByRole("button", { name: "Remove import" }).click();
    await dialog.waitFor({ state: "detached" });
    await history
      .getByRole("cell", { name: "google-ads-keyword-planner.csv", exact: true })
      .waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Intent" }).click();
    await page.waitForURL((url) => url.pathname === "/intent");
    await page.getByRole("heading", { name: "Intent", level: 1 }).waitFor();
    await expect.poll(() => page.getByText(/\(CSV import\)/).count(), { timeout: 15_000 }).toBe(0);
  }, 180_000);

  it("shows how much of a large file has been sent, on a slow line", async () => {
    const page = await context.newPage();
    // About 1 MB/s up: a 2 MB export takes two seconds to send.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 1_000_000,
    });
    await page.goto(`${baseUrl}/data-sources`);
    await page.getByRole("heading", { name: "Data sources", level: 1 }).waitFor();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click();
    const data = largeFacebookExport(8_000, { lastDay: "2026-11-20", everyHours: 3 });
    await (await chooser).setFiles([{ name: "facebook-8000.csv", mimeType: "text/csv", buffer: data }]);
    const sending = page.getByRole("progressbar", { name: "Uploading facebook-8000.csv" });
    await expect
      .poll(
        async () =>
          Number((await sending.getAttribute("aria-valuenow", { timeout: 500 }).catch(() => null)) ?? 0),
        {
          timeout: 15_000,
          interval: 50,
        },
      )
      .toBeGreaterThan(0);
    const part = Number(await sending.getAttribute("aria-valuenow"));
    expect(part).toBeLessThan(100);
    // All sent: the server reads the 2 MB file (in a worker thread) while the bar says so.
    await page.getByRole("progressbar", { name: "Reading facebook-8000.csv" }).waitFor({ timeout: 15_000 });
    await page.getByText(/^Meta Facebook posts of [^:]+: 8,000 rows/).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Discard facebook-8000.csv" }).click();
    await expect
      .poll(() => page.getByRole("button", { name: "Discard facebook-8000.csv" }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
  }, 60_000);
});
