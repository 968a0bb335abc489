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

/** The user GET /user/me answers for `signedInSession` (see mockSignedInApi). */
export const signedInUser = {
  id: "0b9d3f5e-2c1a-4b7e-9f10-3a6c8d2e4f01",
  email: "maya@example.com",
  status: "confirmed",
  firstName: "Maya",
  lastName: "Lindqvist",
  phone: null,
  company: "Northwind Outdoor",
  businessType: "b2c",
  country: "SE",
  industry: null,
  profilePicture: null,
  subscription: { type: "starter", status: "active", endDate: "2099-01-01T00:00:00.000Z" },
  defaultIndustry: null,
  defaultCountry: "SE",
  isFirstTime: false,
  workspace: { id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", name: "Northwind Outdoor", role: "owner" },
};

/**
 * A stored signed-in session as the web app keeps it (spec §3), for shell journeys that start signed in. Its tokens
 * mean nothing to the real server: pair it with mockSignedInApi. Journeys about accounts sign in for real.
 */
export const signedInSession = {
  access_token: "e2e-id-token",
  entry_token: "e2e-access-token",
  refresh_token: "e2e-refresh-token",
  authenticated: true,
  is_first_time: false,
  user: { email: signedInUser.email, firstName: signedInUser.firstName, lastName: signedInUser.lastName },
  socialProvider: "",
};

/**
 * Answers, in this browser context, the calls a signed-in app makes on every screen (the session check and what
 * loads after it), so that shell journeys can use `signedInSession` without an account on the server.
 */
export async function mockSignedInApi(context: BrowserContext) {
  const json = (body: unknown) => ({
    status: 200,
    contentType: "application/json",
    body: JSON.stringify(body),
  });
  await context.route("**/api/user/me", (route) => route.fulfill(json(signedInUser)));
  await context.route("**/api/subscriptions", (route) => route.fulfill(json([])));
  await context.route("**/api/countries", (route) => route.fulfill(json([])));
  await context.route("**/api/industries", (route) => route.fulfill(json([])));
  await context.route("**/api/auth/logout", (route) => route.fulfill(json({ message: "Signed out." })));
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
