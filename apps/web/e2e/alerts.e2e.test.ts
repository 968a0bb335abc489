import { type FakeChat, startFakeChat } from "@brandscope/api/test-support";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { type AppServer, startAppServer } from "./app-server";
import { launchChromium, signedInContext } from "./browser";
import { bodyOf, waitForMail } from "./mail";
import { subscribeProfessional } from "./professional";
import { choose } from "./select";

// Issue 31, alerts (docs/alerts.md), as a marketer uses it: the owner of a Professional workspace chooses alert e-mail
// "at once" on the profile's Alerts section, saves the team's Slack incoming webhook and sends a test message, sees a
// failing webhook in words, then gets the alert e-mail of an engagement spike that an Instagram import makes, with
// a link to the figure. Slack is apps/api/test/fake-chat.ts on 127.0.0.1: the shared server's SSRF-safe fetch allows
// only the fake website's port, so this file starts a server of its own with the stand-in's host and port allowed
// (WEBSITE_FETCH_ALLOW_PRIVATE / WEBSITE_FETCH_ALLOW_PORTS, as the API's delivery.test.ts does), sending its e-mail
// to the shared SMTP sink. Then the admin's part of the Alerts section: a rule turned off, a sensitivity and a mute kept
// across a reload, and the team's Microsoft Teams workflow webhook saved and tested against the same stand-in.
const BRAND = "Oakridge Roasters";

let app: AppServer;
let chat: FakeChat;
let browser: Browser;
let context: BrowserContext;
let owner: { email: string };
let idToken: string;
const pages: Page[] = [];

/**
 * An Instagram content export (docs/import-formats.md §3) of five posts a week for 13 weeks, the newest a day ago:
 * 12 ordinary weeks (the median post between 96 and 104 likes) and a last week of 400 likes a post, far beyond
 * their usual range (docs/alerts.md, the `engagement` rule).
 */
function instagramExport(): string {
  const header =
    '"Post ID","Account ID","Account username","Account name",Description,"Duration (sec)","Publish time",Permalink,"Post type","Data comment",Date,Views,Reach,Likes,Shares,Follows,Comments,Saves';
  const pad = (n: number) => String(n).padStart(2, "0");
  const usual = [100, 98, 103, 97, 101, 104, 99, 96, 102, 100, 98, 103];
  const rows: string[] = [];
  for (let week = 0; week < 13; week++) {
    for (let post = 0; post < 5; post++) {
      const at = new Date(Date.now() - (1 + week * 7 + post) * 86_400_000);
      const published = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()} 09:00`;
      const i = week * 5 + post;
      const likes = week === 0 ? 400 : (usual[week - 1] ?? 100);
      rows.push(
        `18064417725${String(50000 + i)},17841462208715530,oakridgeroasters,"${BRAND}","Cold brew notes ${i + 1}",0,"${published}",https://www.instagram.com/p/OakAl${i}/,"IG image",,Lifetime,2000,1500,${likes},0,0,0,0`,
      );
    }
  }
  return `\uFEFF${[header, ...rows].join("\n")}\n`;
}

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${idToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  chat = await startFakeChat();
  app = await startAppServer({
    env: {
      SAMPLE_DATA: "off",
      SMTP_URL: inject("smtpUrl"),
      MAIL_FROM: "Brandscope <no-reply@brandscope.test>",
      TRUST_PROXY: "127.0.0.1",
      ...chat.env,
    },
  });
  browser = await launchChromium();
  const account = await createConfirmedAccount("alerts", "Ines", "Okafor", app.baseUrl);
  owner = account;
  const login = await logInThroughApi(account.email, account.password, app.baseUrl);
  idToken = login.idToken;
  await markWelcomed(login, app.baseUrl);
  await api("POST", "/brand", {
    websiteUrl: "https://oakridge-roasters.example/",
    country: "GB",
    brandName: BRAND,
    socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/oakridgeroasters" }],
  });
  await subscribeProfessional(idToken, app.baseUrl);
  context = await signedInContext(browser, login);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await chat?.close();
});

/** The profile's Alerts section, once its settings have loaded. */
async function openAlerts(page: Page): Promise<Locator> {
  await page.goto(`${app.baseUrl}/user/profile#section-alerts`);
  const section = page.getByRole("region", { name: "Alerts", exact: true });
  await section.getByRole("combobox", { name: "E-mail me alerts" }).waitFor({ timeout: 30_000 });
  return section;
}

describe("alerts outside the app", () => {
  it("keeps the owner's alert e-mail choice, posts a test message to Slack and says when the webhook fails", async () => {
    onTestFailed(async () => {
      for (const [index, page] of pages.entries()) {
        await page
          .screenshot({ path: `/tmp/alerts-e2e-failed-${index}.png`, fullPage: true })
          .catch(() => undefined);
      }
    });
    const page = await context.newPage();
    pages.push(page);
    let section = await openAlerts(page);
    const email = section.getByRole("combobox", { name: "E-mail me alerts" });
    await expect.poll(() => email.textContent()).toContain("Never");
    await choose(page, section, "E-mail me alerts", "At once, for each run of alerts");
    await page.getByText("Your alert e-mails have been saved.", { exact: true }).waitFor();
    await page.reload();
    section = await openAlerts(page);
    await expect
      .poll(() => section.getByRole("combobox", { name: "E-mail me alerts" }).textContent())
      .toContain("At once, for each run of alerts");

    // A URL that is not Slack's is refused at the field, in words.
    const slack = section.getByRole("region", { name: "Slack", exact: true });
    await slack
      .getByRole("textbox", { name: "Slack webhook URL", exact: true })
      .fill("https://example.com/hook");
    await slack.getByRole("button", { name: "Save the Slack webhook", exact: true }).click();
    await slack
      .getByText("A Slack incoming webhook URL looks like https://hooks.slack.com/services/T…/B…/….")
      .waitFor();

    await slack.getByRole("textbox", { name: "Slack webhook URL", exact: true }).fill(chat.slackUrl);
    await slack.getByRole("button", { name: "Save the Slack webhook", exact: true }).click();
    await page.getByText("Alerts will be posted to Slack.", { exact: true }).waitFor();
    // The URL is a credential: the page shows its host and last four characters only.
    await slack.getByText("127.0.0.1").first().waitFor();
    expect(await section.textContent()).not.toContain("slacksecrettoken");
    await expect
      .poll(() => slack.getByRole("textbox", { name: "New Slack webhook URL", exact: true }).inputValue())
      .toBe("");

    await slack.getByRole("button", { name: "Send a test message to Slack", exact: true }).click();
    await page.getByText("Slack took the test message.", { exact: true }).waitFor();
    expect(chat.slack).toHaveLength(1);
    expect(chat.slack[0]).toMatchObject({ text: "Brandscope alert: Test message from Brandscope" });
    await slack.getByText(/^Last posted /).waitFor();

    // Slack has an outage: the page says so, on the toast and on the channel.
    chat.failNext.slack = 1;
    await slack.getByRole("button", { name: "Send a test message to Slack", exact: true }).click();
    await page.getByText("The webhook answered HTTP 500").first().waitFor();
    await slack.getByText("Last post failed: The webhook answered HTTP 500").waitFor();
    expect(chat.slack).toHaveLength(1);
  });

  it("e-mails the owner at once when an import makes an engagement spike, with a link to the figure, and posts it to Slack", async () => {
    const since = Date.now();
    const form = new FormData();
    form.append("file", new Blob([instagramExport()], { type: "text/csv" }), "instagram-content.csv");
    const imported = await fetch(`${app.baseUrl}/api/brand/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${idToken}` },
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(201);

    // The recompute after the import judges the rules; the deliver-alerts job runs every minute.
    const mail = await waitForMail(owner.email, {
      since,
      subject: /^Brandscope( alert)?:/,
      timeoutMs: 150_000,
    });
    const body = bodyOf(mail);
    expect(body).toContain("Engagement spike for Oakridge Roasters");
    const link = new RegExp(
      `${app.baseUrl}/content\\?brand=[0-9a-f-]+&period=custom&from=\\d{4}-\\d\\d-\\d\\d&to=\\d{4}-\\d\\d-\\d\\d`,
    ).exec(body)?.[0];
    expect(link, body).toBeDefined();
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

    // The link opens Content at that week.
    const page = await context.newPage();
    pages.push(page);
    await page.goto(link ?? "");
    await page.getByRole("heading", { level: 1, name: "Content" }).waitFor({ timeout: 30_000 });
    // The alert is in the notifications menu too, unread until opened from there.
    await page.getByRole("button", { name: "Notifications, 1 unread", exact: true }).click();
    const entry = page.getByRole("menuitem", { name: /Engagement spike for Oakridge Roasters/ });
    expect(await entry.getAttribute("href")).toBe(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await entry.click();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    // The same run reached Slack (retried after the outage above, or posted afresh).
    await expect
      .poll(() => JSON.stringify(chat.slack), { timeout: 120_000 })
      .toContain("Engagement spike for Oakridge Roasters");
  }, 300_000);

  it("lays the Alerts section out at 1440 and 1024 px with every control named, in reading order; asks for a wider screen at 360 px", async () => {
    const page = await context.newPage();
    pages.push(page);
    const section = await openAlerts(page);
    await section
      .getByRole("region", { name: "Slack", exact: true })
      .getByText(/^Last post/)
      .waitFor();
    // Centred, so the sticky top bar does not cover the section's top in the picture.
    const shoot = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      await section.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await section.screenshot({ path: `/tmp/alerts-e2e-${width}.png` });
    };
    await shoot(1440);
    await shoot(1024);
    // At the narrowest width the app takes, nothing runs out of the section, and each Save sits under its field.
    expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const chat of ["Slack", "Microsoft Teams"]) {
      const region = section.getByRole("region", { name: chat, exact: true });
      const field = await region.getByRole("textbox").boundingBox();
      const save = await region
        .getByRole("button", { name: `Save the ${chat} webhook`, exact: true })
        .boundingBox();
      // Under it, starting where it starts; not beside it, level with the hint.
      expect(save && field && Math.abs(save.x - field.x) < 2 && save.y >= field.y + field.height).toBe(true);
    }

    // Every control has a name.
    for (const control of await section.locator("input, button, [role=combobox], select, textarea").all()) {
      const name = await control.evaluate(
        (el) =>
          el.getAttribute("aria-label") ??
          (el as HTMLInputElement).labels?.[0]?.textContent ??
          el.getAttribute("aria-labelledby") ??
          el.textContent,
      );
      expect((name ?? "").trim(), await control.evaluate((el) => el.outerHTML)).not.toBe("");
    }
    // The keyboard goes through the section as it reads (empty fields' Save buttons are disabled, so skipped).
    await section.getByRole("combobox", { name: "E-mail me alerts" }).focus();
    const order: string[] = [];
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press("Tab");
      order.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return (
            el?.getAttribute("aria-label") ??
            el?.labels?.[0]?.textContent ??
            el?.textContent ??
            ""
          ).trim();
        }),
      );
    }
    expect(order).toEqual([
      "Send a test message to Slack",
      "Remove the Slack webhook",
      "New Slack webhook URL",
      "Microsoft Teams webhook URL",
    ]);

    // docs/product.md §9: below 1024 px the app asks for a laptop instead of squeezing the page.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole("heading", { name: "Brandscope needs a bigger screen" }).waitFor();
    await page.screenshot({ path: "/tmp/alerts-e2e-360.png", fullPage: true });
  });
  it("keeps a rule an admin turned off, its sensitivity and the admin's own mute across a reload", async () => {
    const page = await context.newPage();
    pages.push(page);
    let section = await openAlerts(page);
    let rules = section.getByRole("region", { name: "Rules", exact: true });
    const followers = () =>
      rules.getByRole("switch", { name: "Follower jump or fall: On for the workspace", exact: true });
    await expect.poll(() => followers().getAttribute("aria-checked")).toBe("true");
    await followers().click();
    await page.getByText("Follower jump or fall is off for the workspace.", { exact: true }).waitFor();
    await choose(page, rules, "Search clicks rising: Sensitivity", "High");
    await page.getByText("Search clicks rising is on for the workspace.", { exact: true }).waitFor();
    await rules.getByRole("switch", { name: "Plan limit near: Mute for me", exact: true }).click();
    await page.getByText("Your muted alerts have been saved.", { exact: true }).waitFor();

    await page.reload();
    section = await openAlerts(page);
    rules = section.getByRole("region", { name: "Rules", exact: true });
    await expect.poll(() => followers().getAttribute("aria-checked")).toBe("false");
    await expect
      .poll(() => rules.getByRole("combobox", { name: "Search clicks rising: Sensitivity" }).textContent())
      .toBe("High");
    expect(
      await rules
        .getByRole("switch", { name: "Plan limit near: Mute for me", exact: true })
        .getAttribute("aria-checked"),
    ).toBe("true");
    // As stored for the workspace, not only shown: the server answers the same.
    const stored = await api("GET", "/alerts/settings");
    expect(stored.rules).toContainEqual({ rule: "followers", enabled: false, sensitivity: "medium" });
    expect(stored.rules).toContainEqual({ rule: "search_clicks", enabled: true, sensitivity: "high" });
    expect(stored.mutedRules).toEqual(["plan_limit"]);

    // The rules at both widths (the whole Alerts section, centred under the sticky top bar).
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 1600 });
      await rules.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await rules.screenshot({ path: `/tmp/alerts-e2e-rules-${width}.png` });
      expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });

  it("saves the team's Microsoft Teams workflow webhook, posts a test message as an Adaptive Card and shows an outage", async () => {
    const page = await context.newPage();
    pages.push(page);
    const section = await openAlerts(page);
    const teams = section.getByRole("region", { name: "Microsoft Teams", exact: true });
    await teams
      .getByRole("textbox", { name: "Microsoft Teams webhook URL", exact: true })
      .fill(chat.teamsUrl);
    await teams.getByRole("button", { name: "Save the Microsoft Teams webhook", exact: true }).click();
    await page.getByText("Alerts will be posted to Microsoft Teams.", { exact: true }).waitFor();
    await teams.getByText(/^Posting to 127\.0\.0\.1/).waitFor();
    expect(await section.textContent()).not.toContain("teamssecrettoken");

    const before = chat.teams.length;
    await teams.getByRole("button", { name: "Send a test message to Microsoft Teams", exact: true }).click();
    await page.getByText("Microsoft Teams took the test message.", { exact: true }).waitFor();
    expect(chat.teams).toHaveLength(before + 1);
    const card = chat.teams.at(-1) as {
      type: string;
      attachments: { contentType: string; content: { type: string } }[];
    };
    expect(card.type).toBe("message");
    expect(card.attachments[0]?.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(JSON.stringify(card)).toContain("Test message from Brandscope");
    await teams.getByText(/^Last posted /).waitFor();

    chat.failNext.teams = 1;
    await teams.getByRole("button", { name: "Send a test message to Microsoft Teams", exact: true }).click();
    await teams.getByText("Last post failed: The webhook answered HTTP 500").waitFor();
    expect(chat.teams).toHaveLength(before + 1);

    // Still there after a reload, as the server keeps it.
    await page.reload();
    const again = (await openAlerts(page)).getByRole("region", { name: "Microsoft Teams", exact: true });
    await again.getByText(/^Posting to 127\.0\.0\.1/).waitFor();
  });
});
