import { crc32, deflateSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createConfirmedAccount, logInThroughApi, strongPassword, uniqueEmail } from "./accounts";
import { launchChromium, seedStorage } from "./browser";
import { waitForCode } from "./mail";
import { choose } from "./select";

// Accounts end to end (issue 4) against the real server, its database and a real SMTP sink (global-setup.ts).
const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  // A step that cannot happen should fail as that step, not as the whole test's timeout.
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

const path = (page: Page) => new URL(page.url()).pathname;
const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/**
 * The address changes before the next screen's code has loaded and replaced the last one: wait for its heading
 * too, or a step may act on the screen that is leaving (both sign-in and forgot password have an Email field).
 */
async function waitForScreen(page: Page, pathname: string, heading: string) {
  await waitForPath(page, pathname);
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}

/** The field's error message as it is announced, or null when none shows. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  for (const id of describedBy.split(" ").filter(Boolean)) {
    const node = page.locator(`[id="${id}"][role="alert"]`);
    if ((await node.count()) > 0) return node.textContent();
  }
  return null;
}

/** A real PNG of one colour, made here: signature, IHDR, one IDAT of RGB rows, IEND. */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5b)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function enterCode(page: Page, code: string) {
  // A whole code typed into the first box fills every box, as a paste or one-time-code autofill does.
  await page.getByLabel("Digit 1 of 6").fill(code);
}

describe("accounts", () => {
  it("signs up, confirms the e-mailed code, signs in to onboarding, edits the profile and logs out", async () => {
    const page = await openPage();
    const email = uniqueEmail("journey");
    const password = strongPassword();

    await page.goto(`${baseUrl}/sign-up`);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    const sentAfter = Date.now();
    await page.getByRole("button", { name: "Create account" }).click();

    // Confirmation with the code from the e-mail.
    await waitForScreen(page, "/confirmation", "Confirm your email");
    await page.getByText(email).waitFor();
    const code = await waitForCode(email, sentAfter, /confirmation/i);
    // A code went out a moment ago: asking for another shows the server's cool-down, counting down.
    await page.getByRole("button", { name: "Send a new code" }).click();
    const waiting = page.getByRole("button", { name: /^Send a new code in \d+ s$/ });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    await enterCode(page, code);
    await page.getByRole("button", { name: "Confirm", exact: true }).click();

    // Sign-in starts with the address; a first-time user goes on to onboarding.
    await waitForScreen(page, "/sign-in", "Sign in");
    const confirmed = page.getByText("Your email address is confirmed. Sign in to get started.", {
      exact: true,
    });
    await confirmed.waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForScreen(page, "/questionnaire/welcome", "Welcome to Brandscope");
    // The toast was about signing in: it goes with that screen (at once, not when its 5 s run out).
    await confirmed.waitFor({ state: "hidden", timeout: 1_000 });
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null"));
    expect(session).toMatchObject({ authenticated: true, is_first_time: true, user: { email } });
    expect(session.access_token).not.toBe("");
    expect(session.entry_token).not.toBe("");
    expect(session.refresh_token).not.toBe("");

    // The profile: a new account has no company, country or industry yet, and all three are required.
    await page.goto(`${baseUrl}/user/profile`);
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
    expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
    await page.getByLabel("First name").fill("Adaeze");
    await page.getByLabel("Company").fill("Lumora Coffee");
    await choose(page, page, "Country", /Sweden/);
    await choose(page, page, "Industry", /.+/);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your profile has been saved.", { exact: true }).waitFor();

    // Saved on the server: after a reload the page and the user menu show the new name.
    await page.reload();
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Adaeze Okafor" }).waitFor();
    expect(await page.getByLabel("First name").inputValue()).toBe("Adaeze");
    expect(await page.getByLabel("Company").inputValue()).toBe("Lumora Coffee");
    expect(await page.getByRole("combobox", { name: "Country" }).textContent()).toContain("Sweden");

    // Logout, from the user menu: nothing stored, and protected screens closed again.
    await page.getByRole("button", { name: "Adaeze Okafor" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await waitForScreen(page, "/sign-in", "Sign in");
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto(`${baseUrl}/user/profile`);
    await waitForPath(page, "/sign-in");
  }, 90_000); // the whole journey, with a cool-down and six screens: longer than one screen's default

  it("resets a forgotten password with the e-mailed code, then signs in with the new one", async () => {
    const account = await createConfirmedAccount("forgot");
    const newPassword = strongPassword();
    const page = await openPage();

    await page.goto(`${baseUrl}/sign-in`);
    await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await waitForScreen(page, "/forgot-password", "Forgot your password?");
    await page.getByLabel("Email").fill(account.email);
    const sentAfter = Date.now();
    await page.getByRole("button", { name: "Send reset code" }).click();

    await waitForScreen(page, "/reset-password", "Choose a new password");
    await page.getByText(account.email).waitFor();
    const code = await waitForCode(account.email, sentAfter, /reset/i);
    await enterCode(page, code);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset password" }).click();

    await waitForScreen(page, "/sign-in", "Sign in");
    await page
      .getByText("Your password has been changed. Sign in with your new password.", { exact: true })
      .waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(account.email);

    // The old password no longer works; the new one does.
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Incorrect e-mail or password.", { exact: true }).waitFor();
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    expect(path(page)).toBe("/questionnaire/welcome");
  });

  it("shows a wrong password's error in the form and keeps the e-mail typed", async () => {
    const account = await createConfirmedAccount("wrong");
    const page = await openPage();
    await page.goto(`${baseUrl}/sign-in`);
    await signIn(page, account.email, "Not-the-password-1");

    await page.getByRole("alert").filter({ hasText: "Incorrect e-mail or password." }).waitFor();
    expect(path(page)).toBe("/sign-in");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(account.email);
    expect(await page.getByRole("button", { name: "Sign in", exact: true }).isEnabled()).toBe(true);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null")?.authenticated),
    ).not.toBe(true);
  });

  it("sends an account that was never confirmed to the confirmation screen", async () => {
    const email = uniqueEmail("unconfirmed");
    const password = strongPassword();
    const response = await fetch(`${baseUrl}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Uma",
        lastName: "Berg",
        email,
        password,
        passwordConfirmation: password,
      }),
    });
    expect(response.status).toBe(201);

    const page = await openPage();
    await page.goto(`${baseUrl}/sign-in`);
    await signIn(page, email, password);
    await waitForScreen(page, "/confirmation", "Confirm your email");
    expect(new URL(page.url()).searchParams.get("email")).toBe(email);
    await page.getByText(email).waitFor();
  });

  it("shows each validation message only once its field has been left", async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/sign-up`);
    const firstName = page.getByLabel("First name");
    await firstName.waitFor();

    // Focus alone says nothing; leaving the empty field does.
    await firstName.focus();
    expect(await fieldError(page, "First name")).toBeNull();
    await page.getByLabel("Last name").focus();
    expect(await fieldError(page, "First name")).toBe("This is a required field");
    expect(await fieldError(page, "Last name")).toBeNull();

    // Typing validates (on change) but shows nothing until the field is left (blur).
    await page.getByLabel("Work email").fill("maya");
    expect(await fieldError(page, "Work email")).toBeNull();
    await page.getByLabel("Work email").blur();
    expect(await fieldError(page, "Work email")).toBe("Fill in a valid email address");
    // Once shown, the message follows every change.
    await page.getByLabel("Work email").fill("maya@lumora.coffee");
    expect(await fieldError(page, "Work email")).toBeNull();

    await page.getByLabel("Password", { exact: true }).fill("short");
    expect(await fieldError(page, "Password")).toBeNull();
    await page.getByLabel("Password", { exact: true }).blur();
    expect(await fieldError(page, "Password")).toBe(
      "Password must contain 8 or more characters with at least one of each: uppercase, lowercase, number and special",
    );
    await page.getByLabel("Password", { exact: true }).fill("roast-2026-beans");
    expect(await fieldError(page, "Password")).toBe("Password must contain at least 1 upper case letter");

    await page.getByLabel("Confirm password").fill("Roast-2026-bean");
    await page.getByLabel("Confirm password").blur();
    expect(await fieldError(page, "Confirm password")).toBe("Passwords must match");

    // Submitting shows what is still wrong everywhere, and sends nothing.
    await page.getByRole("button", { name: "Create account" }).click();
    expect(await fieldError(page, "Last name")).toBe("This is a required field");
    expect(path(page)).toBe("/sign-up");
  });

  it("renews an expired idToken with the refresh token, and signs out when that fails too", async () => {
    const account = await createConfirmedAccount("refresh");
    const login = await logInThroughApi(account.email, account.password);
    const stored = {
      access_token: "expired.or.forged",
      entry_token: login.accessToken,
      refresh_token: login.refreshToken,
      authenticated: true,
      is_first_time: false,
      user: { email: account.email },
      socialProvider: "",
    };

    // GET /user/me answers 401; one refresh later the session holds, with the rotated refresh token stored.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    context.setDefaultTimeout(10_000);
    await seedStorage(context, { auth: stored });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("button", { name: `${account.firstName} ${account.lastName}` }).waitFor();
    expect(path(page)).toBe("/content");
    const renewed = await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null"));
    expect(renewed.authenticated).toBe(true);
    expect(renewed.access_token).not.toBe("expired.or.forged");
    expect(renewed.refresh_token).not.toBe(login.refreshToken);
    await context.close();

    // The same expired idToken with a refresh token that no longer works: signed out, back to /sign-in.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    context.setDefaultTimeout(10_000);
    await seedStorage(context, { auth: { ...stored, refresh_token: "spent-or-forged" } });
    const again = await context.newPage();
    await again.goto(`${baseUrl}/content`);
    await waitForScreen(again, "/sign-in", "Sign in");
    expect(new URL(again.url()).searchParams.get("redirect")).toBe("/content");
    expect(
      await again.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null")?.authenticated),
    ).toBe(false);
  });

  it("changes the picture (explaining a refused file) and the password from the profile", async () => {
    const account = await createConfirmedAccount("picture");
    const page = await openPage();
    await page.goto(`${baseUrl}/sign-in`);
    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`${baseUrl}/user/profile`);
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();

    // The profile picture's own file input (the workspace logo's is on this page too).
    const input = page
      .getByRole("button", { name: "Change picture" })
      .locator("xpath=following-sibling::input[@type='file']");
    await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(64, 64) });
    await page.getByText("Your picture has been updated.", { exact: true }).waitFor();
    const picture = page.getByRole("img", { name: "Ada Okafor" });
    await picture.waitFor();
    const src = await picture.getAttribute("src");
    expect(src).toBeTruthy();
    expect((await fetch(new URL(src ?? "", baseUrl))).status).toBe(200);

    // Named like a picture, but it is not one: the server checks the content.
    await input.setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture"),
    });
    await page
      .getByRole("alert")
      .filter({ hasText: /picture|image|PNG/i })
      .waitFor();
    // The picture shown is still the one saved.
    expect(await page.getByRole("img", { name: "Ada Okafor" }).getAttribute("src")).toBe(src);

    // The password, on the same page: a wrong current one is refused in the form, keeping what was typed.
    const newPassword = strongPassword();
    const passwordForm = page.getByRole("form", { name: "Change password" });
    await passwordForm.getByLabel("Current password").fill("Not-the-password-1");
    await passwordForm.getByLabel("New password", { exact: true }).fill(newPassword);
    await passwordForm.getByLabel("Confirm new password").fill(newPassword);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await passwordForm.getByRole("alert").waitFor();
    expect(await passwordForm.getByLabel("New password", { exact: true }).inputValue()).toBe(newPassword);
    await passwordForm.getByLabel("Current password").fill(account.password);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password has been changed.", { exact: true }).waitFor();
    expect(await passwordForm.getByLabel("Current password").inputValue()).toBe("");
    expect((await logInThroughApi(account.email, newPassword)).email).toBe(account.email);
  });

  it("deactivates the account after a confirmation, and it can no longer sign in", async () => {
    const account = await createConfirmedAccount("deactivate");
    const page = await openPage();
    await page.goto(`${baseUrl}/sign-in`);
    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`${baseUrl}/user/profile`);

    // Cancel first: nothing happens.
    await page.getByRole("button", { name: "Deactivate account" }).click();
    let dialog = page.getByRole("dialog", { name: "Deactivate your account?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(path(page)).toBe("/user/profile");

    await page.getByRole("button", { name: "Deactivate account" }).click();
    dialog = page.getByRole("dialog", { name: "Deactivate your account?" });
    await dialog.getByRole("button", { name: "Deactivate account" }).click();
    await waitForScreen(page, "/sign-in", "Sign in");
    await page.getByText("Your account has been deactivated.", { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await signIn(page, account.email, account.password);
    await page
      .getByRole("alert")
      .filter({ hasText: /deactivated/i })
      .waitFor();
    expect(path(page)).toBe("/sign-in");
  });

  it("deletes the account after a confirmation, and it can no longer sign in", async () => {
    const account = await createConfirmedAccount("delete");
    const page = await openPage();
    await page.goto(`${baseUrl}/sign-in?redirect=%2Fuser%2Fprofile`);
    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`${baseUrl}/user/profile`);
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();

    // Deleting needs a fresh sign-in: with a stale proof (here: none the server knows) the app says so and offers
    // to sign in again.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem("auth") ?? "{}");
      localStorage.setItem("auth", JSON.stringify({ ...session, entry_token: "stale" }));
    });
    await page.reload();
    await page.getByRole("button", { name: "Delete account" }).click();
    let dialog = page.getByRole("dialog", { name: "Delete your account for good?" });
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await dialog.getByText(/needs a recent sign-in/).waitFor();
    await dialog.getByRole("button", { name: "Sign in again" }).click();
    await waitForScreen(page, "/sign-in", "Sign in");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/user/profile");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`${baseUrl}/user/profile`);

    await page.getByRole("button", { name: "Delete account" }).click();
    dialog = page.getByRole("dialog", { name: "Delete your account for good?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await waitForScreen(page, "/sign-in", "Sign in");
    await page.getByText("Your account has been deleted.", { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await signIn(page, account.email, account.password);
    await page.getByText("Incorrect e-mail or password.", { exact: true }).waitFor();
  });
});
