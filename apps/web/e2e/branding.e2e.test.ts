import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed, uniqueEmail } from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";
import { bodyOf, waitForMail } from "./mail";
import { subscribeProfessional } from "./professional";
import { connectSampleBrand } from "./sample-brand";

// Custom branding against the real server (docs/decisions.md "Custom branding"): a Professional owner sets a logo
// and an accent colour on the profile; a member invited by e-mail sees them in the shell and in a printed module,
// sees the branding, billing and team settings without their controls, and the server refuses those calls.
const baseUrl = inject("baseUrl");
const TEST_MS = 180_000;
const ACCENT = "#0f766e";

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function newPage(auth: unknown) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  await seedStorage(context, { auth });
  contexts.push(context);
  const page = await context.newPage();
  pages.push(page);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/branding-e2e-${name}.png` });

/** A wordmark-shaped logo, drawn by the browser: a teal mark and a name on a transparent ground. */
async function logoPng(): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 400, height: 120 } });
  await page.setContent(
    `<div id="logo" style="display:inline-flex;align-items:center;gap:12px;padding:8px;font:700 40px sans-serif;color:${ACCENT}">
       <span style="width:64px;height:64px;border-radius:16px;background:${ACCENT}"></span>Kettleworth</div>`,
  );
  const png = await page.locator("#logo").screenshot({ omitBackground: true });
  await page.close();
  return png;
}

async function call(method: string, path: string, idToken: string, body?: unknown) {
  return fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${idToken}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const primaryOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary").trim());

describe("custom branding", () => {
  it(
    "a Professional owner sets a logo and a colour that a member sees in the app and in print; the member cannot change branding, billing or members",
    async () => {
      onTestFailed(async () => {
        for (const [index, page] of pages.entries()) {
          await page
            .screenshot({ path: `/tmp/branding-e2e-failed-${index}.png`, fullPage: true })
            .catch(() => {});
        }
      });
      const owner = await createConfirmedAccount("branding-owner", "Maya", "Okafor");
      const login = await logInThroughApi(owner.email, owner.password);
      await markWelcomed(login);
      await connectSampleBrand(login);
      const me = (await (await call("GET", "/user/me", login.idToken)).json()) as {
        workspace: { name: string };
      };
      const logoName = `${me.workspace.name} logo`;

      // On the Starter trial the owner sees the setting, disabled, under an upgrade prompt.
      const ownerPage = await newPage(sessionFrom(login));
      await ownerPage.goto(`${baseUrl}/user/profile`);
      const branding = ownerPage.getByRole("region", { name: "Branding" });
      await branding.getByText("Custom branding comes with Professional.").waitFor();
      await branding.getByRole("button", { name: "Upgrade" }).waitFor();
      expect(await branding.getByRole("textbox", { name: "Accent colour", exact: true }).isDisabled()).toBe(
        true,
      );
      await branding.scrollIntoViewIfNeeded();
      await shot(ownerPage, "0-owner-starter");

      // On Professional the owner sets the logo and tries a colour too dark for the dark background, then a good one.
      await subscribeProfessional(login.idToken);
      await ownerPage.reload();
      await branding.getByRole("textbox", { name: "Accent colour", exact: true }).waitFor();
      expect(await branding.getByRole("textbox", { name: "Accent colour", exact: true }).isDisabled()).toBe(
        false,
      );
      await branding.locator("input[type=file]").setInputFiles({
        name: "kettleworth.png",
        mimeType: "image/png",
        buffer: await logoPng(),
      });
      await branding.getByRole("img", { name: logoName }).waitFor();
      const accent = branding.getByRole("textbox", { name: "Accent colour", exact: true });
      await accent.fill("#3b38b4");
      await branding.getByRole("button", { name: "Save colour" }).click();
      await branding
        .getByText(
          "This colour has a contrast of 2.2:1 with the dark background; choose one of at least 3:1.",
        )
        .waitFor();
      await branding.scrollIntoViewIfNeeded();
      await shot(ownerPage, "1-owner-refused-colour");
      await accent.fill(ACCENT);
      await branding.getByRole("button", { name: "Save colour" }).click();
      await expect.poll(() => primaryOf(ownerPage)).toBe(ACCENT);
      await ownerPage.getByRole("navigation", { name: "Modules" }).waitFor();
      await ownerPage.getByRole("img", { name: logoName }).first().waitFor();
      await shot(ownerPage, "2-owner-branded");

      // The owner invites a member: the e-mail carries the logo inline.
      const invitee = await createConfirmedAccount("branding-member", "Noor", "Haddad");
      const since = Date.now();
      const invited = await call("POST", "/workspace/invitations", login.idToken, { email: invitee.email });
      expect(invited.status).toBe(201);
      const mail = await waitForMail(invitee.email, { since, subject: /invited you to/ });
      expect(mail.raw).toMatch(/Content-ID: <workspace-logo>/i);
      const html = bodyOf(mail);
      // The name as the HTML escapes it ("Maya's workspace" → "Maya&#39;s workspace").
      expect(html).toContain(`<img src="cid:workspace-logo" alt="${logoName.replaceAll("'", "&#39;")}"`);
      const token = /invitation\?token=([\w-]+)/.exec(html)?.[1];
      expect(token).toBeDefined();
      const inviteeLogin = await logInThroughApi(invitee.email, invitee.password);
      expect(
        (await call("POST", "/workspace/invitations/accept", inviteeLogin.idToken, { token })).status,
      ).toBe(200);

      // The member (signed in again, now in the owner's workspace) sees the logo and the accent.
      const memberLogin = await logInThroughApi(invitee.email, invitee.password);
      const memberPage = await newPage(sessionFrom(memberLogin));
      await memberPage.goto(`${baseUrl}/content`);
      const navLogo = memberPage.locator("[data-slot=workspace-logo]");
      await navLogo.waitFor();
      expect(await navLogo.getAttribute("alt")).toBe(logoName);
      expect(await navLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      await expect.poll(() => primaryOf(memberPage)).toBe(ACCENT);
      await memberPage.getByRole("heading", { name: "Content", level: 1 }).waitFor();
      await shot(memberPage, "3-member-content");

      // Printed, the module is a report: the logo, brand, period and date on top; no navigation or controls.
      await memberPage.emulateMedia({ media: "print" });
      const header = memberPage.locator("[data-slot=print-header]");
      await header.getByRole("img", { name: logoName }).waitFor({ state: "visible" });
      expect(await header.textContent()).toMatch(/Content · Last 30 days/);
      expect(await header.textContent()).toMatch(/Printed /);
      expect(await memberPage.getByRole("navigation", { name: "Modules" }).isVisible()).toBe(false);
      expect(await memberPage.getByRole("group", { name: "Content period" }).isVisible()).toBe(false);
      expect(await memberPage.getByRole("button").filter({ visible: true }).count()).toBe(0);
      expect(await header.evaluate((el) => getComputedStyle(el).borderBottomColor)).toBe("rgb(15, 118, 110)");
      await shot(memberPage, "4-member-print");
      const pdf = await memberPage.pdf({ path: "/tmp/branding-e2e-content.pdf", printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      await memberPage.emulateMedia({ media: "screen" });

      // The member's profile: branding disabled with the reason; no billing or team controls.
      await memberPage.goto(`${baseUrl}/user/profile`);
      const memberBranding = memberPage.getByRole("region", { name: "Branding" });
      await memberBranding.getByText("Only owners and admins can change the branding.").waitFor();
      expect(
        await memberBranding.getByRole("textbox", { name: "Accent colour", exact: true }).isDisabled(),
      ).toBe(true);
      expect(await memberBranding.getByRole("button", { name: "Replace logo" }).isDisabled()).toBe(true);
      expect(await memberBranding.getByRole("button", { name: "Remove logo" }).isDisabled()).toBe(true);
      await memberPage
        .getByRole("region", { name: "Team", exact: true })
        .getByText("Only the owner and admins")
        .waitFor();
      expect(await memberPage.getByRole("button", { name: "Cancel plan" }).count()).toBe(0);
      expect(await memberPage.getByRole("button", { name: "Upgrade" }).count()).toBe(0);
      expect(await memberPage.getByRole("form", { name: "Invite a member" }).count()).toBe(0);
      await memberBranding.scrollIntoViewIfNeeded();
      await shot(memberPage, "5-member-profile");

      // The brand is the sample: connecting the workspace's own is the owner's or an admin's to do.
      await memberPage.goto(`${baseUrl}/brand`);
      await memberPage.getByText("Only owners and admins can connect the workspace's own brand.").waitFor();
      expect(await memberPage.getByRole("link", { name: "Connect your own brand" }).count()).toBe(0);

      // And the server refuses each of them to the member, whatever the screen shows.
      const refusals = [
        await call("PATCH", "/workspace/branding", memberLogin.idToken, { accentColor: "#1d4ed8" }),
        await call("DELETE", "/workspace/branding/logo", memberLogin.idToken),
        await call("POST", "/subscriptions/cancel", memberLogin.idToken, {}),
        await call("POST", "/workspace/invitations", memberLogin.idToken, { email: uniqueEmail("refused") }),
      ];
      expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403]);
      const codes = await Promise.all(refusals.map(async (r) => ((await r.json()) as { code: string }).code));
      expect(codes).toEqual(["ADMIN_ONLY", "ADMIN_ONLY", "OWNER_ONLY", "ADMIN_ONLY"]);
      const after = (await (await call("GET", "/workspace/branding", memberLogin.idToken)).json()) as {
        accentColor: string;
        logo: string;
      };
      expect(after.accentColor).toBe(ACCENT);
      expect(after.logo).toMatch(/^\/media\/workspace-logos\//);
    },
    TEST_MS,
  );
});
