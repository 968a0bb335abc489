import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createConfirmedAccount, logInThroughApi, markWelcomed } from "./accounts";
import { launchChromium, seedStorage, sessionFrom } from "./browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;

// One real account for every signed-in case; each page gets a sign-in of its own, so a logout ends only its own.
let account: { email: string; password: string };
beforeAll(async () => {
  browser = await launchChromium();
  account = await createConfirmedAccount("shell", "Maya", "Lindqvist");
  await markWelcomed(await logInThroughApi(account.email, account.password));
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openPage({
  signedIn = false,
  width = 1280,
  storage = {},
  motion = false,
} = {}): Promise<Page> {
  context = await browser.newContext({
    viewport: { width, height: 800 },
    reducedMotion: motion ? "no-preference" : "reduce",
  });
  const auth = signedIn ? { auth: sessionFrom(await logInThroughApi(account.email, account.password)) } : {};
  await seedStorage(context, { ...storage, ...auth });
  return context.newPage();
}

const path = (page: Page) => new URL(page.url()).pathname;

const protectedPaths = [
  "/dashboard",
  "/content",
  "/competitor",
  "/audience",
  "/audience/42/details",
  "/influencer",
  "/influencer/42/details",
  "/intent",
  "/user/profile",
  "/user/settings",
  "/questionnaire/welcome",
];
const publicPaths = [
  "/",
  "/sign-in",
  "/login",
  "/sign-up",
  "/register",
  "/confirmation",
  "/forgot-password",
  "/reset-password",
];

describe("app shell", () => {
  it("is titled Brandscope", async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/sign-in`);
    expect(await page.title()).toBe("Brandscope");
  });

  it("sends a signed-out visitor from /content to /sign-in, remembering where they were going", async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/content`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/content");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByRole("link", { name: "Privacy policy" }).waitFor();
    await page.getByRole("link", { name: "FAQ" }).waitFor();
  });

  it.each(protectedPaths)("keeps %s for signed-in users only", async (target) => {
    const page = await openPage();
    await page.goto(`${baseUrl}${target}`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(target);
  });

  it.each(publicPaths)("sends a signed-in user from %s to /content", async (target) => {
    const page = await openPage({ signedIn: true });
    await page.goto(`${baseUrl}${target}`);
    await page.waitForURL((url) => url.pathname === "/content");
    await page.getByRole("heading", { name: "Content" }).waitFor();
  });

  it("leads signed-out visitors from /, /login and /register to the right screen", async () => {
    const page = await openPage();
    for (const [from, to] of [
      ["/", "/sign-in"],
      ["/login", "/sign-in"],
      ["/register", "/sign-up"],
    ] as const) {
      await page.goto(`${baseUrl}${from}`);
      await page.waitForURL((url) => url.pathname === to);
    }
  });

  it("shows signed-in users the main layout, and onboarding without it", async () => {
    const page = await openPage({ signedIn: true });
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("navigation", { name: "Modules" }).waitFor();
    // The user menu in the top bar, named after the signed-in user.
    await page.getByRole("button", { name: "Maya Lindqvist" }).waitFor();

    await page.goto(`${baseUrl}/questionnaire/welcome`);
    await page.getByRole("heading", { name: "Welcome to Brandscope" }).waitFor();
    expect(path(page)).toBe("/questionnaire/welcome");
    expect(await page.getByRole("navigation", { name: "Modules" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Maya Lindqvist" }).count()).toBe(0);
  });

  it("moves between modules from the side navigation", async () => {
    const page = await openPage({ signedIn: true });
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("link", { name: "Competitors" }).click();
    await page.getByRole("heading", { name: "Competitors" }).waitFor();
    expect(path(page)).toBe("/competitor");
  });

  it("fades each page in over a second, unless the user asked for less motion", async () => {
    // The duration of whatever animates the page in, or "none".
    const fade = (page: Page) =>
      page.getByRole("heading", { level: 1 }).evaluate((heading) => {
        for (let node: Element | null = heading; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.animationName !== "none") return style.animationDuration;
        }
        return "none";
      });

    const page = await openPage({ signedIn: true, motion: true });
    await page.goto(`${baseUrl}/content`);
    await page.getByRole("link", { name: "Audience" }).click();
    await page.getByRole("heading", { name: "Audience" }).waitFor();
    expect(await fade(page)).toBe("1s");
    await context.close();

    const still = await openPage({ signedIn: true });
    await still.goto(`${baseUrl}/content`);
    await still.getByRole("heading", { name: "Content" }).waitFor();
    expect(await fade(still)).toBe("none");
  });

  it.each([
    ["signed out", false],
    ["signed in", true],
  ])("shows 'Not Found Page' for an unknown path (%s)", async (_, signedIn) => {
    const page = await openPage({ signedIn });
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole("heading", { name: "Not Found Page" }).waitFor();
    expect(path(page)).toBe("/no-such-page");
  });

  it("opens the privacy policy and the FAQ to everyone", async () => {
    for (const signedIn of [false, true]) {
      const page = await openPage({ signedIn });
      await page.goto(`${baseUrl}/privacy`);
      await page.getByRole("heading", { name: "Privacy policy" }).waitFor();
      await page.goto(`${baseUrl}/faq`);
      await page.getByRole("heading", { name: "Frequently asked questions" }).waitFor();
      expect(path(page)).toBe("/faq");
      await context.close();
    }
  });

  it("asks for a laptop or desktop on a narrow screen, and follows resizing", async () => {
    const narrowMessage = (page: Page) =>
      page.getByText("Please open Brandscope on a laptop or desktop computer.");

    const narrow = await openPage({ width: 800 });
    await narrow.goto(`${baseUrl}/sign-in`);
    await narrowMessage(narrow).waitFor();
    expect(await narrow.getByRole("heading", { name: "Sign in" }).count()).toBe(0);
    await context.close();

    const wide = await openPage({ width: 1280 });
    await wide.goto(`${baseUrl}/sign-in`);
    await wide.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await narrowMessage(wide).count()).toBe(0);

    await wide.setViewportSize({ width: 800, height: 800 });
    await narrowMessage(wide).waitFor();
    await wide.setViewportSize({ width: 1280, height: 800 });
    await wide.getByRole("heading", { name: "Sign in" }).waitFor();
  });

  it("logs out: every stored area is cleared and the user lands on /sign-in", async () => {
    const otherAreas = [
      ...["config", "country", "industry", "audience", "influencer"],
      ...["content", "competitor", "intent", "subscription"],
    ];
    const page = await openPage({
      signedIn: true,
      storage: Object.fromEntries(otherAreas.map((area) => [area, { area }])),
    });
    await page.goto(`${baseUrl}/content`);
    expect(await page.evaluate(() => localStorage.length)).toBe(10);

    await page.getByRole("button", { name: "Maya Lindqvist" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // Signed out for good: protected screens are closed again, also after a reload.
    await page.goto(`${baseUrl}/content`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
  });
});
