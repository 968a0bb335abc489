import { PDFParse } from "pdf-parse";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { type AppServer, startAppServer } from "./app-server";
import { launchChromium, seedStorage, sessionFrom } from "./browser";
import { attachmentsOf, bodyOf, waitForMail } from "./mail";
import { choose } from "./select";
import { headerValue, readMails } from "./smtp-sink";

// Issue 31, the weekly digest, as a marketer uses it (docs/digest.md), with issue 32's PDF attached: the server's
// clock is set by the test-only TEST_CLOCK_START (docs/operations.md "A test clock") to a Wednesday 14:10 UTC of
// the last week, so the weekday and hour the owner picks in the profile have just come, whatever the real time;
// the server, with that setting, looks for due digests every minute. The owner, in Warsaw, moves the digest to
// that day and hour and asks for the PDF; the digest arrives at the shared SMTP sink with the brand's figures, its
// charts as inline PNGs and the week's report as a PDF; the one-click unsubscribe of its List-Unsubscribe header
// turns it off, as the profile then shows.
const BRAND = "Oakridge Roasters";
const ZONE = "Europe/Warsaw";
const DAY_MS = 86_400_000;

/** The latest Wednesday 14:10 UTC at least an hour before now: the server's clock at start. */
function clockStart(): Date {
  const now = Date.now();
  const at = new Date(now);
  at.setUTCHours(14, 10, 0, 0);
  while (at.getUTCDay() !== 3 || at.getTime() > now - 3_600_000) at.setTime(at.getTime() - DAY_MS);
  return at;
}
const START = clockStart();
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The digest's week: the seven complete UTC days before the clock, and the seven before them. */
const WEEK = { from: dayOf(START.getTime() - 7 * DAY_MS), to: dayOf(START.getTime() - DAY_MS) };
const label = (day: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
/** The hour of Warsaw's day at the clock's start (15 in winter, 16 in summer): the slot the owner picks. */
const LOCAL_HOUR = Number(
  new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: ZONE }).format(START),
);

/**
 * An Instagram content export (docs/import-formats.md §3): five posts in the digest's week, three in the week
 * before, dated by the server's clock, not the real one.
 */
function instagramExport(): string {
  const header =
    '"Post ID","Account ID","Account username","Account name",Description,"Duration (sec)","Publish time",Permalink,"Post type","Data comment",Date,Views,Reach,Likes,Shares,Follows,Comments,Saves';
  const pad = (n: number) => String(n).padStart(2, "0");
  const rows = [1, 2, 3, 4, 5, 8, 10, 12].map((daysBefore, i) => {
    const at = new Date(START.getTime() - daysBefore * DAY_MS);
    const published = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()} 09:00`;
    return `18064417725${String(70000 + i)},17841462208715530,oakridgeroasters,"${BRAND}","Cold brew notes ${i + 1}",0,"${published}",https://www.instagram.com/p/OakDg${i}/,"IG image",,Lifetime,2000,1500,${120 + i},0,0,4,0`;
  });
  return `\uFEFF${[header, ...rows].join("\n")}\n`;
}

let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let owner: { email: string };
let idToken: string;
const pages: Page[] = [];

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
  app = await startAppServer({
    env: {
      SAMPLE_DATA: "off",
      SMTP_URL: inject("smtpUrl"),
      MAIL_FROM: "Brandscope <no-reply@brandscope.test>",
      TRUST_PROXY: "127.0.0.1",
      TEST_CLOCK_START: START.toISOString(),
    },
  });
  browser = await launchChromium();
  const account = await createConfirmedAccount("digest", "Marta", "Nowak", app.baseUrl);
  owner = account;
  const login = await logInThroughApi(account.email, account.password, app.baseUrl);
  idToken = login.idToken;
  await markWelcomed(login, app.baseUrl);
  await api("POST", "/brand", {
    websiteUrl: "https://oakridge-roasters.example/",
    country: "PL",
    brandName: BRAND,
    socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/oakridgeroasters" }],
  });
  const form = new FormData();
  form.append("file", new Blob([instagramExport()], { type: "text/csv" }), "instagram-content.csv");
  const imported = await fetch(`${app.baseUrl}/api/brand/imports`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}` },
    body: form,
  });
  if (imported.status !== 201)
    throw new Error(`The import answered ${imported.status}: ${await imported.text()}`);
  // A browser in Warsaw: the profile offers its time zone.
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: "reduce",
    timezoneId: ZONE,
  });
  context.setDefaultTimeout(15_000);
  await seedStorage(context, { auth: sessionFrom(login) });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The profile's Weekly digest section, once the owner's digest has loaded. */
async function openDigest(page: Page): Promise<Locator> {
  await page.goto(`${app.baseUrl}/user/profile`);
  const section = page.getByRole("region", { name: "Weekly digest", exact: true });
  await section
    .getByRole("switch", { name: "E-mail me the weekly digest of this brand" })
    .waitFor({ timeout: 30_000 });
  return section;
}

describe("the weekly digest by e-mail", () => {
  it("arrives on the day and hour the owner chose, with the brand's figures, charts and PDF; its one-click link ends it", async () => {
    onTestFailed(async () => {
      for (const [index, page] of pages.entries()) {
        await page
          .screenshot({ path: `/tmp/digest-e2e-failed-${index}.png`, fullPage: true })
          .catch(() => undefined);
      }
    });
    const page = await context.newPage();
    pages.push(page);
    const section = await openDigest(page);
    const digest = section.getByRole("switch", { name: "E-mail me the weekly digest of this brand" });
    // On for the owner until they choose, on Monday at 8: not due on a Wednesday afternoon.
    expect(await digest.getAttribute("aria-checked")).toBe("true");

    // The PDF first, then the zone, the day and, last, the hour: the digest becomes due only with the hour.
    await section.getByRole("switch", { name: "Attach the week's report as a PDF" }).click();
    await expect
      .poll(() =>
        section
          .getByRole("switch", { name: "Attach the week's report as a PDF" })
          .getAttribute("aria-checked"),
      )
      .toBe("true");
    await section.getByRole("button", { name: `Use this device's time zone (${ZONE})` }).click();
    await section.getByText(`Times are in your time zone, ${ZONE}.`).waitFor();
    await choose(page, section, "Day", "Wednesday");
    await expect.poll(async () => (await api("GET", "/digest")).weekday).toBe(3);
    const since = Date.now();
    await choose(page, section, "Hour", `${String(LOCAL_HOUR).padStart(2, "0")}:00`);
    await expect
      .poll(() => api("GET", "/digest"))
      .toMatchObject({
        enabled: true,
        weekday: 3,
        hour: LOCAL_HOUR,
        timeZone: ZONE,
        attachPdf: true,
      });

    // The server looks for due digests every minute under the test clock.
    const mail = await waitForMail(owner.email, {
      since,
      subject: /your week in figures/,
      timeoutMs: 150_000,
    });
    expect(mail.subject).toMatch(
      new RegExp(`^${BRAND}: your week in figures \\(.+ ${WEEK.to.slice(0, 4)}\\)$`),
    );
    const body = bodyOf(mail);
    // Five posts in the week against three the week before, and the link into Content at that week.
    expect(body).toContain("- Posts this week: 5 (+67 % vs the week before)");
    expect(body).toContain("Engagement rate");
    expect(body).toMatch(
      new RegExp(`${app.baseUrl}/content\\?brand=[0-9a-f-]+&period=custom&from=${WEEK.from}&to=${WEEK.to}`),
    );
    // The charts: PNGs inline, shown by their Content-ID.
    expect(mail.raw).toMatch(/^Content-Type: image\/png/m);
    expect(mail.raw).toMatch(/^Content-ID: <digest-week>/m);
    expect(body).toContain('src="cid:digest-week"');
    // The week's report, attached as a PDF whose text holds the brand and the week.
    const [pdf, ...others] = attachmentsOf(mail);
    expect(others).toEqual([]);
    expect(pdf?.contentType).toBe("application/pdf");
    expect(pdf?.filename).toBe(`oakridge-roasters-week-${WEEK.from}-${WEEK.to}.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(pdf?.content ?? Buffer.alloc(0)) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    expect(text).toContain(`${BRAND}: Content and competitors`);
    expect(text).toContain(`Period: ${label(WEEK.from)} to ${label(WEEK.to)}`);
    expect(text).toContain("Content by network instagram 5 posts");

    // The mail client's one-click unsubscribe (RFC 8058): a POST to the header's URL, no sign-in.
    expect(headerValue(mail.raw, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const url = /^<([^>]+)>$/.exec(headerValue(mail.raw, "list-unsubscribe"))?.[1] ?? "";
    expect(url.startsWith(`${app.baseUrl}/api/digest/unsubscribe?token=`)).toBe(true);
    const ended = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(ended.status).toBe(200);
    // The profile shows the digest off, its day, hour and PDF kept for a later opt-in.
    const after = await openDigest(page);
    await expect
      .poll(() =>
        after
          .getByRole("switch", { name: "E-mail me the weekly digest of this brand" })
          .getAttribute("aria-checked"),
      )
      .toBe("false");
    expect(await api("GET", "/digest")).toMatchObject({
      enabled: false,
      weekday: 3,
      hour: LOCAL_HOUR,
      attachPdf: true,
    });
    // One digest for the week.
    const digests = (await readMails(inject("mailDir"))).filter(
      (m) => m.to.includes(owner.email.toLowerCase()) && /your week in figures/.test(m.subject),
    );
    expect(digests).toHaveLength(1);
  }, 360_000);
});
