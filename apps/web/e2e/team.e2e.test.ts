import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import {
  createConfirmedAccount,
  logInThroughApi,
  markWelcomed,
  strongPassword,
  uniqueEmail,
} from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";
import { bodyOf, waitForCode, waitForMail } from "./mail";
import { subscribeProfessional } from "./professional";
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
      const team = ownerPage.getByRole("region", { name: "Team", exact: true });
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
      // Prefilled with the invited address, and locked to it.
      expect(await page.getByLabel("Work email").inputValue()).toBe(invitee);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm password").fill(password);
      await page.getByRole("button", { name: "Create account" }).click();
      await waitForPath(page, "/confirmation");
      await page.getByLabel("Digit 1 of 6").fill(await waitForCode(invitee, signUpSince));
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await waitForPath(page, "/sign-in");
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();

      // Back on the invitation, not in onboarding; the empty workspace the sign-up made is worth no warning.
      await waitForPath(page, "/invitation");
      await page.getByText("Maya Okafor invited you to join").waitFor();
      await page.getByText(`You are signed in as ${invitee}`).waitFor();
      await page.getByText("Your account moves into").waitFor();
      expect(await page.getByRole("note").count()).toBe(0);
      await page.getByRole("button", { name: "Join workspace" }).click();
      await waitForPath(page, "/dashboard");

      // The member sees the team read-only.
      await page.goto(`${baseUrl}/user/profile`);
      const theirTeam = page.getByRole("region", { name: "Team", exact: true });
      await theirTeam.getByRole("table", { name: "Members" }).getByText(owner.email).waitFor();
      await theirTeam.getByText("Only the owner and admins invite, remove and change the roles").waitFor();
      expect(await theirTeam.getByRole("form").count()).toBe(0);

      // The owner sees the new member, and the invitation is gone.
      await ownerPage.reload();
      const members = ownerPage
        .getByRole("region", { name: "Team", exact: true })
        .getByRole("table", { name: "Members" });
      await members.getByText(invitee).waitFor();
      await members.getByText("Noor Haddad").waitFor();
      await ownerPage
        .getByRole("region", { name: "Team", exact: true })
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

/** The link of an e-mail whose text names it, as sent. */
function linkIn(mail: CapturedMail, path: string): URL {
  const link = new RegExp(`https?://[^\\s"<>]+${path.replace("?", "\\?")}[^\\s"<>]*`).exec(bodyOf(mail))?.[0];
  if (!link) throw new Error(`No ${path} link in "${mail.subject}"`);
  return new URL(link.replace(/&amp;/g, "&"));
}

// The visible part only: a full-page capture resizes the viewport, which would close an open dialog.
const shot = (target: Page | Locator, name: string) =>
  target.screenshot({ path: `/tmp/team-e2e-${name}.png` });

describe("invitations and roles", () => {
  it(
    "the invitee confirms in a new tab and still lands on the join screen; as a member she is refused team changes, as an admin she makes them",
    async () => {
      screenshotOnFailure("roles");
      const owner = await createConfirmedAccount("roles-owner", "Maya", "Okafor");
      const login = await logInThroughApi(owner.email, owner.password);
      await markWelcomed(login);
      await subscribeProfessional(login.idToken);
      const invitee = uniqueEmail("roles-invitee");
      const since = Date.now();
      await api("/workspace/invitations", login.idToken, { email: invitee });
      const invitation = linkIn(
        await waitForMail(invitee, { since, subject: /invited you to/ }),
        "/invitation?token=",
      );

      // She opens the invitation and signs up: the form already holds the invited address, locked.
      const page = await newPage();
      await page.goto(`${baseUrl}${invitation.pathname}${invitation.search}`);
      await page.getByRole("link", { name: "Create an account" }).click();
      await waitForPath(page, "/sign-up");
      const email = page.getByLabel("Work email");
      await page.getByRole("heading", { name: /^Create your account to join / }).waitFor();
      expect(await email.inputValue()).toBe(invitee);
      expect(await email.getAttribute("readonly")).not.toBeNull();
      const password = strongPassword();
      await page.getByLabel("First name").fill("Noor");
      await page.getByLabel("Last name").fill("Haddad");
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm password").fill(password);
      await shot(page, "1-sign-up-prefilled");
      const signUpSince = Date.now();
      await page.getByRole("button", { name: "Create account" }).click();
      await waitForPath(page, "/confirmation");

      // She confirms from the e-mailed link, in a new tab: nothing of the first tab's session storage is there.
      const confirmation = await waitForMail(invitee, { since: signUpSince, subject: /confirmation code/ });
      const code = /\b(\d{6})\b/.exec(confirmation.subject)?.[1] ?? "";
      const tab = await page.context().newPage();
      pages.push(tab);
      const confirmUrl = linkIn(confirmation, "/confirmation");
      await tab.goto(`${baseUrl}${confirmUrl.pathname}${confirmUrl.search}`);
      await tab.getByLabel("Digit 1 of 6").fill(code);
      await tab.getByRole("button", { name: "Confirm", exact: true }).click();
      await waitForPath(tab, "/sign-in");
      await tab.getByLabel("Password", { exact: true }).fill(password);
      await tab.getByRole("button", { name: "Sign in", exact: true }).click();

      // The server kept the invitation: the join screen, not onboarding, and no warning about her empty workspace.
      await waitForPath(tab, "/invitation");
      await tab.getByText("Maya Okafor invited you to join").waitFor();
      await tab.getByText("Your account moves into").waitFor();
      expect(await tab.getByText("deletes").count()).toBe(0);
      await shot(tab, "2-join-in-new-tab");
      await tab.getByRole("button", { name: "Join workspace" }).click();
      await waitForPath(tab, "/dashboard");

      // As a member: the team is read-only, with the reason, and the server refuses a direct call too.
      await tab.goto(`${baseUrl}/user/profile`);
      const team = tab.getByRole("region", { name: "Team", exact: true });
      await team.getByRole("table", { name: "Members" }).getByText(owner.email).waitFor();
      await team.getByText("Only the owner and admins invite, remove and change the roles").waitFor();
      expect(await team.getByRole("form").count()).toBe(0);
      expect(await team.getByRole("table", { name: "Members" }).getByRole("button").count()).toBe(0);
      await shot(team, "3-team-as-member");
      const memberLogin = await logInThroughApi(invitee, password);
      const refused = await fetch(`${baseUrl}/api/workspace/invitations`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${memberLogin.idToken}` },
        body: JSON.stringify({ email: uniqueEmail("roles-refused") }),
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: "ADMIN_ONLY",
        message: expect.stringContaining("Only the owner or an admin of the workspace can"),
      });

      // The owner makes her an admin from the team screen.
      const ownerPage = await newPage(sessionFrom(login));
      await ownerPage.goto(`${baseUrl}/user/profile`);
      const ownerTeam = ownerPage.getByRole("region", { name: "Team", exact: true });
      await ownerTeam.getByRole("button", { name: "Make Noor Haddad an admin" }).click();
      await ownerTeam.getByRole("table", { name: "Members" }).getByText("Admin").waitFor();
      await ownerTeam.getByRole("button", { name: "Make Noor Haddad a member" }).waitFor();
      await shot(ownerTeam, "4-team-as-owner");

      // As an admin she invites, but the owner's row has no action and the server refuses removing the owner.
      await tab.reload();
      const adminTeam = tab.getByRole("region", { name: "Team", exact: true });
      const form = adminTeam.getByRole("form", { name: "Invite a member" });
      const colleague = uniqueEmail("roles-colleague");
      await form.getByLabel("Email").fill(colleague);
      await form.getByRole("button", { name: "Send invitation" }).click();
      await adminTeam.getByRole("list", { name: "Invitations" }).getByText(colleague).waitFor();
      await adminTeam.getByText("As an admin you invite and remove members").waitFor();
      expect(await adminTeam.getByRole("table", { name: "Members" }).getByRole("button").count()).toBe(0);
      await shot(adminTeam, "5-team-as-admin");
      const members = (await (
        await fetch(`${baseUrl}/api/workspace/members`, {
          headers: { Authorization: `Bearer ${memberLogin.idToken}` },
        })
      ).json()) as { id: string; role: string }[];
      const ownerId = members.find((m) => m.role === "owner")?.id;
      const removeOwner = await fetch(`${baseUrl}/api/workspace/members/${ownerId}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${memberLogin.idToken}` },
      });
      expect(removeOwner.status).toBe(409);
      expect(await removeOwner.json()).toMatchObject({ code: "OWNER_MUST_TRANSFER" });

      // The owner hands the workspace to her: confirmed in a dialog, then the owner is an admin.
      await ownerPage.reload();
      await ownerTeam.getByRole("button", { name: "Transfer the ownership to Noor Haddad" }).click();
      const dialog = ownerPage.getByRole("dialog");
      await dialog.getByText("Make Noor Haddad the owner of the workspace?").waitFor();
      await shot(ownerPage, "6-transfer-dialog");
      await dialog.getByRole("button", { name: "Transfer ownership" }).click();
      await ownerTeam.getByText("As an admin you invite and remove members").waitFor();
      const roles = await ownerTeam
        .getByRole("table", { name: "Members" })
        .locator("tbody tr")
        .allTextContents();
      expect(roles.find((row) => row.includes("Noor Haddad"))).toContain("Owner");
      expect(roles.find((row) => row.includes("Maya Okafor"))).toContain("Admin");
    },
    TEST_MS,
  );
});
