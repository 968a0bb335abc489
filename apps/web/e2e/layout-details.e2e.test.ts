import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";
import { connectSampleBrand } from "./sample-brand";

// What a marketer notices on the signed-in screens at the narrowest width the app allows (1024 px): the page's
// width and the navigation's background, the way to the dashboard, and reference lists kept across a reload.
const baseUrl = inject("baseUrl");
/** The sample's figures may still be computing when the first screen asks for them. */
const FIRST_RENDER_MS = 45_000;

let browser: Browser;
let context: BrowserContext | undefined;
let account: { email: string; password: string };

beforeAll(async () => {
  browser = await launchChromium();
  account = await createConfirmedAccount("details", "Maya", "Lindqvist");
  const login = await logInThroughApi(account.email, account.password);
  await markWelcomed(login);
  await connectSampleBrand(login);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

/** A tab 1024 px wide, signed in with a sign-in of its own (a logout ends only its own). */
async function openPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  await seedStorage(context, { auth: sessionFrom(await logInThroughApi(account.email, account.password)) });
  return context.newPage();
}

describe("signed-in screens at 1024 px", () => {
  it("never scroll sideways, and the navigation's background runs to the end of a long page", async () => {
    const page = await openPage();
    for (const [path, chart] of [
      ["/competitor", /^Traffic by country/],
      ["/intent", /^Keywords by cost per click/],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      // Charts with their hidden data tables are on the page.
      await page.getByRole("img", { name: chart }).first().waitFor({ timeout: FIRST_RENDER_MS });
      const page_ = await page.evaluate(() => {
        const scroller = document.scrollingElement ?? document.documentElement;
        return { scrollWidth: scroller.scrollWidth, scrollHeight: scroller.scrollHeight, innerHeight };
      });
      expect(page_.scrollWidth, path).toBeLessThanOrEqual(1024);
      expect(page_.scrollHeight, path).toBeGreaterThan(2 * page_.innerHeight);

      // At the very end of the page, the bottom left corner is still the navigation's column.
      await page.evaluate(() =>
        window.scrollTo(0, (document.scrollingElement ?? document.body).scrollHeight),
      );
      const corner = await page.evaluate(
        () =>
          document.elementFromPoint(8, innerHeight - 2)?.closest("[data-slot=app-shell-nav-column]") !== null,
      );
      expect(corner, path).toBe(true);
      expect(await page.getByRole("button", { name: "Collapse navigation" }).isVisible()).toBe(true);
    }
  }, 120_000);

  it("lead to the dashboard from the logo", async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("link", { name: "Brandscope dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  });

  it("keep the countries and industries after a reload without loading them again, until logout", async () => {
    const page = await openPage();
    const referenceCalls: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === "/api/countries" || pathname === "/api/industries") referenceCalls.push(pathname);
    });
    await page.goto(`${baseUrl}/user/profile`);
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
    await page.waitForFunction(() => localStorage.getItem("country") && localStorage.getItem("industry"));
    expect(referenceCalls.sort()).toEqual(["/api/countries", "/api/industries"]);

    referenceCalls.length = 0;
    await page.reload();
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
    // The country select is ready with the stored list: no call was needed.
    await page.getByRole("combobox", { name: "Country" }).click();
    await page.getByRole("option", { name: "Germany" }).waitFor();
    await page.keyboard.press("Escape");
    expect(referenceCalls).toEqual([]);

    await page.getByRole("button", { name: "Maya Lindqvist" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(
      await page.evaluate(() => [localStorage.getItem("country"), localStorage.getItem("industry")]),
    ).toEqual([null, null]);
  });
});
