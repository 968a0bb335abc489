import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, signedInContext } from "./browser";
import { operator } from "./operator";

// How a plan is granted and left (docs/decisions.md "Plans and trials"), against the real server with sandbox
// payments: the operator command grants Enterprise to a new account's workspace, and an owner cancels
// Professional and resumes it.
const baseUrl = inject("baseUrl");
const TEST_MS = 90_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function signedInPage(label: string): Promise<{ page: Page; email: string; idToken: string }> {
  const account = await createConfirmedAccount(label, "Noor", "Haddad");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  const page = await (await signedInContext(browser, login)).newPage();
  onTestFailed(async () => {
    const file = `/tmp/plans-e2e-${label}-failed.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Screenshot of the failing screen: ${file} (${page.url()})`);
  });
  return { page, email: account.email, idToken: login.idToken };
}

/** Professional bought as the checkout buys it (set-up intent, sandbox card 4242…, default card, subscribe). */
async function subscribeProfessional(idToken: string) {
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${idToken}`,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { clientSecret } = await post("/subscriptions/intent");
  const { paymentMethodId } = await post("/subscriptions/sandbox/confirm-setup", {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: "123",
  });
  await post("/subscriptions/customers/payment-methods", { paymentMethodId });
  return post("/subscriptions", { productId: "professional" });
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(iso));

describe("plans granted and left", () => {
  it(
    "the operator command grants Enterprise to a new account's workspace, and the app shows it",
    async () => {
      const { page, email } = await signedInPage("granted");
      const until = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
      const printed = await operator(
        "grant-plan",
        "--workspace",
        email,
        "--plan",
        "enterprise",
        "--until",
        until,
      );
      expect(printed).toContain("-> enterprise (active, granted by operator)");

      await page.goto(`${baseUrl}/user/profile`);
      const plan = page.getByRole("region", { name: "Plan" });
      await expect.poll(() => plan.getByTestId("current-plan").textContent()).toBe("Enterprise");
      await plan.getByText("Granted by Brandscope").waitFor();
      await plan.getByText(longDate(`${until}T23:59:59Z`)).waitFor();
      // Nothing to cancel: no card pays for it.
      expect(await plan.getByRole("button", { name: "Cancel plan" }).count()).toBe(0);
      await page.screenshot({ path: "/tmp/plans-e2e-granted.png", fullPage: true });

      // No trial banner on the modules either.
      await page.goto(`${baseUrl}/content`);
      await page.getByRole("navigation").first().waitFor();
      expect(await page.locator("[data-slot=subscription-banner]").count()).toBe(0);
    },
    TEST_MS,
  );

  it(
    "an owner cancels Professional, sees until when it runs on the banner, resumes it and changes the card",
    async () => {
      const { page, idToken } = await signedInPage("cancel");
      const { endDate } = await subscribeProfessional(idToken);
      const endsOn = longDate(endDate);

      await page.goto(`${baseUrl}/user/profile`);
      const plan = page.getByRole("region", { name: "Plan" });
      await expect.poll(() => plan.getByTestId("current-plan").textContent()).toBe("Professional");
      await plan.getByRole("button", { name: "Cancel plan" }).click();
      const confirm = page.getByRole("dialog", { name: "Cancel your plan?" });
      await confirm.getByText(`Your plan runs until ${endsOn}`).waitFor();
      await page.screenshot({ path: "/tmp/plans-e2e-cancel-dialog.png" });
      await confirm.getByRole("button", { name: "Cancel plan" }).click();
      await confirm.waitFor({ state: "detached" });
      await plan.getByRole("button", { name: "Resume" }).waitFor();
      // One status from the moment of cancelling, not "Active" and "Cancelled" side by side.
      expect(await plan.getByText("Cancelled", { exact: true }).count()).toBe(1);
      expect(await plan.getByText("Active", { exact: true }).count()).toBe(0);
      await plan.getByText(endsOn, { exact: true }).waitFor();

      // The banner shows on the modules (not on the profile), with the end date, and leads back to Resume.
      await page.goto(`${baseUrl}/content`);
      const banner = page.getByRole("region", { name: `Your plan is cancelled and ends on ${endsOn}.` });
      await banner.waitFor();
      await page.screenshot({ path: "/tmp/plans-e2e-cancelled-banner.png" });
      await banner.getByRole("button", { name: "Resume" }).click();
      await page.waitForURL(`${baseUrl}/user/profile`);
      await plan.getByRole("button", { name: "Resume" }).click();
      await plan.getByRole("button", { name: "Cancel plan" }).waitFor();
      await plan.getByText("Active", { exact: true }).waitFor();
      expect(await plan.getByText("Cancelled", { exact: true }).count()).toBe(0);

      // Change card: the checkout's card form alone; the new card becomes the default.
      const methods = page.getByRole("region", { name: "Payment methods" });
      await methods.getByRole("button", { name: "Change card" }).click();
      const change = page.getByRole("dialog", { name: "Change card" });
      await change.getByRole("textbox", { name: "Card number" }).fill("5555 5555 5555 4444");
      await change.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/34");
      await change.getByRole("textbox", { name: "CVC" }).fill("123");
      await change.getByRole("button", { name: "Save card" }).click();
      await change.waitFor({ state: "detached" });
      await methods.getByText("ending in 4444").waitFor();
      await page.screenshot({ path: "/tmp/plans-e2e-resumed.png", fullPage: true });

      await page.goto(`${baseUrl}/content`);
      await page.getByRole("navigation").first().waitFor();
      expect(await page.locator("[data-slot=subscription-banner]").count()).toBe(0);
    },
    TEST_MS,
  );
});
