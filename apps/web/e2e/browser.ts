import { type Browser, type BrowserContext, chromium } from "playwright-core";

// The system Chromium (nothing may download a browser here) with the flags from toolchain-notes.md.
// playwright's launch() gives every run a fresh temporary user-data-dir and deletes it on close.
export function launchChromium(): Promise<Browser> {
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
    ],
  });
}

/** A stored signed-in session as the web app keeps it (spec §3), for journeys that start signed in. */
export const signedInSession = {
  access_token: "e2e-id-token",
  entry_token: "e2e-access-token",
  refresh_token: "e2e-refresh-token",
  authenticated: true,
  is_first_time: false,
  user: { email: "maya@example.com", firstName: "Maya", lastName: "Lindqvist" },
  socialProvider: "",
};

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
