import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";

// The Data sources screen (issue 16) against the real server: a new account's own brand receives the platforms'
// exports through the file picker, a bad row is reported by its line, and the history lists both files.
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
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  await seedStorage(context, { auth: sessionFrom(login) });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("data sources", () => {
  it("imports exports chosen with the file picker, reports a bad row by its line, and lists both", async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/data-sources-e2e.png", fullPage: true }).catch(() => undefined);
      console.error("Screenshot of the failing screen: /tmp/data-sources-e2e.png");
    });
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("link", { name: "Data sources" }).click();
    await page.waitForURL((url) => url.pathname === "/data-sources");
    await page.getByRole("heading", { name: "Data sources", level: 1 }).waitFor();
    await page.getByText("No import yet").waitFor();

    const good = readFileSync(join(FIXTURES, "instagram-content.csv"));
    // TikTok's export with the first record's likes (line 2) made unreadable: the whole file is refused.
    const bad = readFileSync(join(FIXTURES, "tiktok-content.csv"), "utf8").replace('"1834"', '"lots"');
    expect(bad).toContain('"lots"');
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click();
    await (await chooser).setFiles([
      { name: "instagram-content.csv", mimeType: "text/csv", buffer: good },
      { name: "tiktok-content.csv", mimeType: "text/csv", buffer: Buffer.from(bad) },
    ]);

    const uploads = page.getByRole("list", { name: "Uploads" });
    await uploads.getByText(/Instagram posts: \d+ of \d+ rows stored/).waitFor();
    const problems = page.getByRole("list", { name: "Problems in tiktok-content.csv" });
    await problems.waitFor();
    expect(await problems.textContent()).toMatch(/^Row 2, column "Total likes"/);
    await uploads.getByText(/^Nothing was imported/).waitFor();

    const history = page.getByRole("table", { name: "Import history" });
    await history.getByRole("cell", { name: "instagram-content.csv" }).waitFor();
    await history.getByRole("cell", { name: "tiktok-content.csv" }).waitFor();
    expect(await history.getByText("Imported", { exact: true }).count()).toBe(1);
    expect(await history.getByText("Not imported", { exact: true }).count()).toBe(1);

    // The website (a domain that does not exist) cannot be read: once its collection has ended, the content module
    // shows the imported posts under the collection's error, labelled as an import.
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
    await page.getByRole("link", { name: "Content" }).click();
    await page.waitForURL((url) => url.pathname === "/content");
    await page.getByText(/Instagram posts \(CSV import\)/).waitFor({ timeout: 30_000 });
    // The collection's reason, as a sentence, above the module.
    await page.getByText(/[^.]\. What you import on Data sources still shows here\.$/).waitFor();
  }, 150_000);
});
