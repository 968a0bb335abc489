import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import {
  createConfirmedAccount,
  logInThroughApi,
  markWelcomed,
  strongPassword,
  uniqueEmail,
} from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";
import { waitForCode, waitForMail } from "./mail";
import type { CapturedMail } from "./smtp-sink";

// Team collaboration against the real server (docs/decisions.md "Workspaces and team"): an owner on
// Professional invites an address from the profile; the invitee opens the e-mailed link, signs up, confirms,
// signs in, comes back to the invitation, joins, and shows in the owner's member list.
const baseUrl = inject("baseUrl");
const TEST_MS = 120_000;

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Page[] = [];

async function api(path: string, idToken: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Professional through the sandbox payments, as the checkout does it: a card set up, saved, then the plan. */
async function subscribeProfessional(idToken: string) {
  const { clientSecret } = await api("/subscriptions/intent", idToken, {});
  const { paymentMethodId } = await api("/subscriptions/sandbox/confirm-setup", idToken, {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: "123",
  });
  await api("/subscriptions/customers/payment-methods", idToken, { paymentMethodId });
  await api("/subscriptions", idToken, { productId: "professional" });
}

async function newPage(auth?: unknown) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  if (auth) await seedStorage(context, { auth });
  contexts.push(context);
  const page = await context.newPage();
  pages.push(page);
  return page;
}

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

function screenshotOnFailure(name: string) {
  onTestFailed(async () => {
    for (const [index, page] of pages.entries()) {
      const file = `/tmp/team-e2e-${name}-${index}.png`;
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`Screenshot: ${file} (${page.url()})`);
    }
  });
}

/** The message's text as sent: quoted-printable soft breaks joined and escapes decoded. */
function bodyOf(mail: CapturedMail): string {
  const quoted = mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const base64 = [...mail.raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((match) => Buffer.from((match[1] ?? "").replace(/\s/g, ""), "base64").toString("utf8"))
    .join("\n");
  return `${quoted}\n${base64}`;
}

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

describe("team collaboration", () => {
  it(
    "an owner on Professional invites an address; the invitee signs up through the link and joins",
    async () => {
      screenshotOnFailure("invite");
      const owner = await createConfirmedAccount("team-owner", "Maya", "Okafor");
      const login = await logInThroughApi(owner.email, owner.password);
      await markWelcomed(login);
      await subscribeProfessional(login.idToken);

      // The owner invites from the profile.
      const ownerPage = await newPage(sessionFrom(login));
      await ownerPage.goto(`${baseUrl}/user/profile`);
      const team = ownerPage.getByRole("region", { name: "Team" });
      await team.getByRole("table", { name: "Members" }).getByText(owner.email).waitFor();
      const invitee = uniqueEmail("team-invitee");
      const since = Date.now();
      const form = team.getByRole("form", { name: "Invite a member" });
      await form.getByLabel("Email").fill(invitee);
      await form.getByRole("button", { name: "Send invitation" }).click();
      const invitations = team.getByRole("list", { name: "Invitations" });
      await invitations.getByText(invitee).waitFor();
      expect(await invitations.getByText("Pending").count()).toBe(1);

      const mail = await waitForMail(invitee, { since, subject: /invited you to/ });
      expect(mail.subject).toContain("Maya Okafor invited you to");
      const link = /https?:\/\/[^\s"<>]+\/invitation\?token=[\w-]+/.exec(bodyOf(mail))?.[0];
      expect(link).toBeDefined();
      const url = new URL(link ?? "");

      // The invitee has no account: the link keeps the invitation while they sign up, confirm and sign in.
      const page = await newPage();
      await page.goto(`${baseUrl}${url.pathname}${url.search}`);
      // The link's page says who invites, to which workspace and which address, before anyone signs in.
      await page.getByRole("heading", { name: /^Join .+ on Brandscope$/ }).waitFor();
      await page.getByText(`Maya Okafor invited ${invitee} to join`).waitFor();
      await page.getByRole("link", { name: "Create an account" }).click();
      await waitForPath(page, "/sign-up");
      const password = strongPassword();
      const signUpSince = Date.now();
      await page.getByLabel("First name").fill("Noor");
      await page.getByLabel("Last name").fill("Haddad");
      await page.getByLabel("Work email").fill(invitee);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm password").fill(password);
      await page.getByRole("button", { name: "Create account" }).click();
      await waitForPath(page, "/confirmation");
      await page.getByLabel("Digit 1 of 6").fill(await waitForCode(invitee, signUpSince));
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await waitForPath(page, "/sign-in");
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();

      // Back on the invitation, not in onboarding: joining deletes the empty workspace sign-up made.
      await waitForPath(page, "/invitation");
      await page.getByText("Maya Okafor invited you to join").waitFor();
      await page.getByText(`You are signed in as ${invitee}`).waitFor();
      await page.getByRole("note").getByText("Joining deletes your own workspace").waitFor();
      await page.getByRole("button", { name: "Join workspace" }).click();
      await waitForPath(page, "/dashboard");

      // The member sees the team read-only.
      await page.goto(`${baseUrl}/user/profile`);
      const theirTeam = page.getByRole("region", { name: "Team" });
      await theirTeam.getByRole("table", { name: "Members" }).getByText(owner.email).waitFor();
      await theirTeam.getByText("Only the owner of the workspace invites and removes members.").waitFor();
      expect(await theirTeam.getByRole("form").count()).toBe(0);

      // The owner sees the new member, and the invitation is gone.
      await ownerPage.reload();
      const members = ownerPage.getByRole("region", { name: "Team" }).getByRole("table", { name: "Members" });
      await members.getByText(invitee).waitFor();
      await members.getByText("Noor Haddad").waitFor();
      await ownerPage
        .getByRole("region", { name: "Team" })
        .getByText("No invitation is waiting for an answer.")
        .waitFor();

      // The link works once.
      const reuse = await fetch(`${baseUrl}/api/workspace/invitations/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
        body: JSON.stringify({ token: url.searchParams.get("token") }),
      });
      expect(reuse.status).toBe(410);
    },
    TEST_MS,
  );
});
