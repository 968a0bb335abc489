import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";
import { choose } from "./select";

// Plans and payments against the real server with sandbox payments (no Stripe keys): a new account starts on the
// Starter trial, talks to sales, then upgrades to Professional with the sandbox's test cards
// (docs/decisions.md "Sandbox payments").
const baseUrl = inject("baseUrl");
const TEST_MS = 90_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  const account = await createConfirmedAccount("billing", "Maya", "Okafor");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  await seedStorage(context, { auth: sessionFrom(login) });
  page = await context.newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

function screenshotOnFailure(name: string) {
  onTestFailed(async () => {
    const file = `/tmp/billing-e2e-${name}.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Screenshot of the failing screen: ${file} (${page.url()})`);
  });
}

const dialog = (name: string) => page.getByRole("dialog", { name });

describe("plans and payments (sandbox)", () => {
  it(
    "a Starter user opens the plans from the user menu and talks to sales; Save waits for a valid form",
    async () => {
      screenshotOnFailure("sales");
      await page.goto(`${baseUrl}/user/profile`);
      const plan = page.getByRole("region", { name: "Plan" });
      await expect.poll(() => plan.getByTestId("current-plan").textContent()).toBe("Starter");

      await page.getByRole("button", { name: "Maya Okafor" }).click();
      await page.getByRole("menuitem", { name: "Upgrade plan" }).click();
      const pricing = dialog("Pricing");
      await pricing.getByText("Sign up to take your business to the next level").waitFor();
      await pricing.getByRole("article", { name: "Starter" }).getByText("Active").waitFor();
      expect(await pricing.getByRole("article").count()).toBe(3);
      expect(await pricing.getByRole("article", { name: "Starter" }).getByRole("button").count()).toBe(0);

      // Enterprise has no external contact form here (no SALES_CONTACT_URL): its button opens the sales form.
      await pricing.getByRole("article", { name: "Enterprise" }).getByRole("button").click();
      const sales = dialog("Talk to sales");
      const save = sales.getByRole("button", { name: "Save" });
      await sales.getByRole("textbox", { name: "Email" }).waitFor();
      expect(await save.isDisabled()).toBe(true);

      await sales.getByRole("textbox", { name: "Email" }).fill("maya@");
      await sales.getByRole("textbox", { name: "Name", exact: true }).fill("Maya Okafor");
      await sales.getByRole("textbox", { name: "Company name" }).fill("Lumora Coffee");
      await sales.getByRole("textbox", { name: "Your role" }).fill("Head of marketing");
      await choose(page, sales, "Sector", /./);
      await choose(page, sales, "Category", "Brand");
      // Everything but a valid e-mail.
      expect(await save.isDisabled()).toBe(true);
      await sales.getByRole("textbox", { name: "Email" }).fill("maya@lumora.coffee");
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await sales.waitFor({ state: "detached" });
      await page.getByText("Our sales team will be in touch shortly.").first().waitFor();
    },
    TEST_MS,
  );

  it(
    "a declined card shows the provider's message and the button works again; 4242… upgrades to Professional",
    async () => {
      screenshotOnFailure("checkout");
      await page.goto(`${baseUrl}/user/profile`);
      const plan = page.getByRole("region", { name: "Plan" });
      await plan.getByRole("button", { name: "Upgrade" }).click();
      const pricing = dialog("Pricing");
      await pricing
        .getByRole("article", { name: "Professional" })
        .getByRole("button", { name: "Upgrade" })
        .click();

      const checkout = dialog("Checkout");
      const summary = checkout.getByRole("region", { name: "Billing details" });
      await summary.getByText("N/A").waitFor();
      expect(await summary.getByText("$89").count()).toBe(2);
      await summary.getByText("Single user").waitFor();
      await summary.getByText("Monthly").waitFor();

      const subscribe = checkout.getByRole("button", { name: "Subscribe" });
      await subscribe.waitFor();
      expect(await subscribe.isDisabled()).toBe(true);

      await checkout.getByRole("textbox", { name: "Company name" }).fill("Lumora Coffee");
      await checkout.getByRole("textbox", { name: "Address line 1" }).fill("1 Bean Street");
      await checkout.getByRole("textbox", { name: "City" }).fill("London");
      await checkout.getByRole("textbox", { name: "Postal code" }).fill("E1 6AN");
      await choose(page, checkout, "Country", /United Kingdom/);
      await checkout.getByRole("textbox", { name: "Phone" }).fill("+44 20 7946 0000");
      await checkout.getByRole("textbox", { name: "Card number" }).fill("4000 0000 0000 0002");
      await checkout.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/34");
      await checkout.getByRole("textbox", { name: "CVC" }).fill("123");
      await expect.poll(() => subscribe.isEnabled()).toBe(true);

      await subscribe.click();
      await checkout.getByRole("alert").getByText("Your card was declined.").waitFor();
      await expect.poll(() => subscribe.isEnabled()).toBe(true);
      await page.getByText("Your card was declined.").first().waitFor();

      await checkout.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
      await subscribe.click();
      await checkout.waitFor({ state: "detached", timeout: 30_000 });
      await expect
        .poll(() => plan.getByTestId("current-plan").textContent(), { timeout: 15_000 })
        .toBe("Professional");
      const methods = page.getByRole("region", { name: "Payment methods" });
      await methods.getByText("ending in 4242").waitFor();
      await methods.getByText("Default", { exact: true }).waitFor();

      // The 'Active' badge has moved to Professional, which no longer offers a button.
      await plan.getByRole("button", { name: "View plans" }).click();
      const after = dialog("Pricing");
      await after.getByRole("article", { name: "Professional" }).getByText("Active").waitFor();
      expect(await after.getByRole("article", { name: "Starter" }).getByText("Active").count()).toBe(0);
      expect(await after.getByRole("article", { name: "Professional" }).getByRole("button").count()).toBe(0);
      // Nor does the user menu offer an upgrade any more.
      await after.getByRole("button", { name: "Close" }).click();
      await after.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Maya Okafor" }).click();
      await page.getByRole("menuitem", { name: "Edit profile" }).waitFor();
      expect(await page.getByRole("menuitem", { name: "Upgrade plan" }).count()).toBe(0);
    },
    TEST_MS,
  );
});
