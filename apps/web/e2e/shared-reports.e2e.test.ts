import { PDFParse } from "pdf-parse";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { accountWithOwnBrand } from "./accounts";
import { launchChromium, signedInContext } from "./browser";
import { subscribeProfessional } from "./professional";

// Issue 32, part 1 (docs/shared-reports.md), against the real server: a Professional member shares the content module of their own brand; a
// browser without an account opens the link and sees that module and nothing else, on a laptop and on a 360 px
// phone; once the member revokes it from the profile, the link is refused.
const baseUrl = inject("baseUrl");
const BRAND = "Oakridge Roasters";

let browser: Browser;
let member: BrowserContext;
const pages: Page[] = [];

/** An Instagram content export (the columns of shared/fixtures/imports/instagram-content.csv) of recent posts. */
function instagramExport(days: number[]): string {
  const header =
    '"Post ID","Account ID","Account username","Account name",Description,"Duration (sec)","Publish time",Permalink,"Post type","Data comment",Date,Views,Reach,Likes,Shares,Follows,Comments,Saves';
  const pad = (n: number) => String(n).padStart(2, "0");
  const rows = days.map((ago, i) => {
    const at = new Date(Date.now() - ago * 86_400_000);
    const published = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()} 09:${pad(i)}`;
    const id = `1806441772550${String(3000 + i)}`;
    return `${id},17841462208715530,oakridgeroasters,"${BRAND}","Single origin cold brew, batch ${i + 1}",0,"${published}",https://www.instagram.com/p/Oak${i}x/,"IG image",,Lifetime,${1000 + i * 10},${800 + i},${100 + i},3,1,${10 + i},4`;
  });
  return `\uFEFF${[header, ...rows].join("\n")}\n`;
}

async function importPosts(idToken: string) {
  const form = new FormData();
  form.append(
    "file",
    new Blob([instagramExport([2, 5, 8, 11, 14, 17, 20, 23])], { type: "text/csv" }),
    "instagram-content.csv",
  );
  const response = await fetch(`${baseUrl}/api/brand/imports`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`import answered ${response.status}: ${await response.text()}`);
}

async function anonymousPage(width: number) {
  // A fresh context: no storage, no session, as someone opening the link from an e-mail.
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  pages.push(page);
  return page;
}

beforeAll(async () => {
  browser = await launchChromium();
  const login = await accountWithOwnBrand(
    { label: "shared-report", firstName: "Ines", lastName: "Okafor" },
    {
      websiteUrl: "https://oakridge-roasters.example/",
      country: "GB",
      brandName: BRAND,
      socialLinks: [
        { socialPlatform: "instagram", socialLink: "https://www.instagram.com/oakridgeroasters" },
      ],
    },
  );
  await subscribeProfessional(login.idToken);
  await importPosts(login.idToken);
  member = await signedInContext(browser, login);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe("a shared report", () => {
  it("opens read-only without an account at 1440 and 360 px, downloads as a PDF of the same figures, and is refused once revoked", async () => {
    onTestFailed(async () => {
      for (const [index, page] of pages.entries()) {
        await page
          .screenshot({ path: `/tmp/shared-reports-e2e-failed-${index}.png`, fullPage: true })
          .catch(() => undefined);
      }
    });
    const page = await member.newPage();
    pages.push(page);
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("heading", { level: 1, name: "Content" }).waitFor({ timeout: 60_000 });
    const share = page.getByRole("button", { name: "Share report" });
    await expect.poll(() => share.isEnabled(), { timeout: 60_000 }).toBe(true);
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share the Content report" });
    await dialog.getByRole("combobox", { name: "The link expires in" }).click();
    await page.getByRole("option", { name: "7 days" }).click();
    await dialog.getByRole("button", { name: "Create link" }).click();
    const field = dialog.getByRole("textbox", { name: "Link" });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/report\?token=[\w-]{43}$/);
    // The period the member was looking at: the last 30 days, ending today.
    const description = (await dialog.getByText(/A read-only page of Content for/).textContent()) ?? "";
    await page.keyboard.press("Escape");

    let period = "";
    for (const width of [1440, 360]) {
      const reader = await anonymousPage(width);
      await reader.goto(link);
      await reader.getByRole("heading", { level: 1, name: `${BRAND}: Content` }).waitFor({ timeout: 60_000 });
      // The module's figures: eight posts in thirty days.
      await reader.getByText("Posts per week").first().waitFor();
      await reader.getByRole("heading", { name: "Content by network" }).waitFor();
      // The period kept with the link, as the dialog named it.
      period = (await reader.locator('[data-slot="shared-report-header"] p').first().textContent()) ?? "";
      expect(period).toMatch(/ to /);
      expect(description).toContain(period);
      // Nothing else: no navigation, no other module, no control that calls the API as a member.
      expect(await reader.getByRole("navigation").count()).toBe(0);
      for (const other of ["Competitors", "Audience", "Influencers", "Intent", "Dashboard"]) {
        expect(await reader.getByRole("link", { name: other }).count(), other).toBe(0);
      }
      expect(await reader.getByRole("button", { name: /Export CSV/ }).count()).toBe(0);
      expect(await reader.getByRole("button", { name: "Share report" }).count()).toBe(0);
      // The one link: the same report as a PDF.
      const links = reader.locator("a[href]");
      expect(await links.count()).toBe(1);
      await reader.getByRole("link", { name: "Download PDF" }).waitFor();
      // Not an app screen: no narrow-screen notice, and nothing wider than the phone.
      expect(await reader.getByText(/larger screen|laptop/i).count()).toBe(0);
      const overflow = await reader.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      await reader.screenshot({ path: `/tmp/shared-reports-e2e-${width}.png`, fullPage: true });
    }

    // The PDF, made on the server: its text holds the brand, the period and the headline figures shown on the page.
    const reader = await anonymousPage(1440);
    await reader.goto(link);
    await reader.getByRole("heading", { level: 1, name: `${BRAND}: Content` }).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      reader.waitForEvent("download"),
      reader.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^oakridge-roasters-content-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain(`${BRAND}: Content`);
    const [from, to] = period.split(" to ");
    expect(text).toContain(`Period: ${from} to ${to}`);
    const perWeek = /Posts per week: ([\d.]+)/.exec(text)?.[1];
    expect(perWeek, text).toBeDefined();
    // The figure the page shows.
    await reader
      .getByText(perWeek ?? "", { exact: true })
      .first()
      .waitFor();
    expect(text).toContain("Content by network");
    expect(text).toContain("Sources");

    // The member revokes it from the profile, where it is listed with who made it.
    await page.goto(`${baseUrl}/user/profile`);
    const list = page.getByRole("list", { name: "Shared reports" });
    await list.getByText(`Content · ${BRAND}`).waitFor({ timeout: 30_000 });
    await list.getByText(/shared by Ines Okafor/).waitFor();
    await list.getByText(/last opened/).waitFor();
    await list.getByRole("button", { name: `Revoke the link to Content · ${BRAND}` }).click();
    await list.getByText("Revoked").waitFor();

    const refused = await anonymousPage(1440);
    await refused.goto(link);
    await refused.getByText("This report is not available").waitFor({ timeout: 30_000 });
    await refused.getByText(/its link was revoked/).waitFor();
    expect(await refused.getByText("Posts per week").count()).toBe(0);
  }, 300_000);
});
