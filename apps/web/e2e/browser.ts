import { type Browser, type BrowserContext, chromium } from "playwright-core";

// The system Chromium (nothing may download a browser here) with the flags of docs/operations.md "Browser tests".
// playwright's launch() gives every run a fresh temporary user-data-dir and deletes it on close. `extraArgs`: e.g.
// a remote-debugging port for Lighthouse (scripts/measure-web).
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/** The session the web app stores after a sign-in (docs/product.md §3), from a real login response. */
export function sessionFrom(login: { idToken: string; accessToken: string; refreshToken: string }) {
  return {
    access_token: login.idToken,
    entry_token: login.accessToken,
    refresh_token: login.refreshToken,
    authenticated: true,
    is_first_time: false,
    user: null,
    socialProvider: "",
  };
}

/**
 * Seeds localStorage before the app's first script runs, once per tab: a later reload must see what the app
 * itself left behind (e.g. nothing, after logout).
 */
export async function seedStorage(context: BrowserContext, entries: Record<string, unknown>) {
  await context.addInitScript((seed) => {
    if (sessionStorage.getItem("e2e-seeded")) return;
    for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, JSON.stringify(value));
    sessionStorage.setItem("e2e-seeded", "yes");
  }, entries);
}

/** A desktop context signed in as `login` (seeded storage, reduced motion): one per test file, a tab per test. */
export async function signedInContext(
  browser: Browser,
  login: { idToken: string; accessToken: string; refreshToken: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  await seedStorage(context, { auth: sessionFrom(login) });
  return context;
}
