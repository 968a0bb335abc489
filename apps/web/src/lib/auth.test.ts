import type { User } from "@brandscope/api-client";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthSession } from "./auth";

const signedIn: AuthSession = {
  access_token: "id-token",
  entry_token: "access-token",
  refresh_token: "refresh-token",
  authenticated: true,
  is_first_time: true,
  // Only what the web app reads so far; the server's full user object is the contract's business.
  user: { email: "maya@example.com" } as User,
  socialProvider: "google",
};

// Each test gets the module as a freshly loaded page would: nothing in memory, only what storage holds.
async function loadAuth() {
  vi.resetModules();
  return import("./auth");
}

beforeEach(() => localStorage.clear());

describe("auth store", () => {
  it("starts signed out with empty values when nothing is stored", async () => {
    const { auth } = await loadAuth();
    expect(auth.get()).toEqual({
      access_token: "",
      entry_token: "",
      refresh_token: "",
      authenticated: false,
      is_first_time: false,
      user: null,
      socialProvider: "",
    });
    await expect(auth.ensureSession()).resolves.toBeNull();
  });

  it("persists the session under `auth` and finds it again after a reload", async () => {
    const first = await loadAuth();
    first.auth.set(signedIn);
    expect(JSON.parse(localStorage.getItem("auth") ?? "null")).toEqual(signedIn);

    const { auth } = await loadAuth();
    expect(auth.get()).toEqual(signedIn);
    await expect(auth.ensureSession()).resolves.toEqual(signedIn);
  });

  it("merges a refreshed token into the stored session", async () => {
    localStorage.setItem("auth", JSON.stringify(signedIn));
    const { auth } = await loadAuth();
    auth.set({ access_token: "new-id-token" });
    expect(JSON.parse(localStorage.getItem("auth") ?? "null")).toEqual({
      ...signedIn,
      access_token: "new-id-token",
    });
  });

  it.each([
    ["not JSON", "{oops"],
    ["a session missing fields", JSON.stringify({ access_token: "id-token", authenticated: true })],
    ["an unknown social provider", JSON.stringify({ ...signedIn, socialProvider: "myspace" })],
  ])("treats %s as signed out", async (_, raw) => {
    localStorage.setItem("auth", raw);
    const { auth } = await loadAuth();
    expect(auth.get().authenticated).toBe(false);
    await expect(auth.ensureSession()).resolves.toBeNull();
  });

  it("does not count an authenticated flag without a token as signed in", async () => {
    localStorage.setItem("auth", JSON.stringify({ ...signedIn, access_token: "" }));
    const { auth } = await loadAuth();
    await expect(auth.ensureSession()).resolves.toBeNull();
  });

  it("clears to stored empty values and tells subscribers", async () => {
    localStorage.setItem("auth", JSON.stringify(signedIn));
    const { auth, signedOutSession } = await loadAuth();
    const seen = vi.fn();
    auth.subscribe(seen);
    auth.clear();
    expect(seen).toHaveBeenCalledWith(signedOutSession);
    expect(JSON.parse(localStorage.getItem("auth") ?? "null")).toEqual(signedOutSession);
    await expect(auth.ensureSession()).resolves.toBeNull();
  });

  it("announces an expired session so the app can leave protected screens", async () => {
    localStorage.setItem("auth", JSON.stringify(signedIn));
    const { auth } = await loadAuth();
    const replaced = vi.fn();
    auth.onReplaced(replaced);
    auth.expire();
    expect(replaced).toHaveBeenCalledOnce();
    expect(auth.get().authenticated).toBe(false);
  });
});

describe("another tab", () => {
  // What the browser does in this tab when another one writes the shared localStorage.
  function storedByAnotherTab(session: AuthSession | null) {
    if (session) localStorage.setItem("auth", JSON.stringify(session));
    else localStorage.removeItem("auth");
    dispatchEvent(new StorageEvent("storage", { key: "auth" }));
  }

  it("refreshes the tokens here too, without a new session check", async () => {
    localStorage.setItem("auth", JSON.stringify(signedIn));
    const { auth } = await loadAuth();
    const check = vi.fn(async (session: AuthSession) => session);
    auth.setSessionCheck(check);
    await auth.ensureSession();
    const replaced = vi.fn();
    auth.onReplaced(replaced);

    storedByAnotherTab({ ...signedIn, access_token: "id-token-2", refresh_token: "refresh-token-2" });

    expect(auth.get()).toMatchObject({ access_token: "id-token-2", refresh_token: "refresh-token-2" });
    await auth.ensureSession();
    expect(check).toHaveBeenCalledOnce();
    expect(replaced).not.toHaveBeenCalled();
  });

  it("signs this tab out, or in, and announces it", async () => {
    localStorage.setItem("auth", JSON.stringify(signedIn));
    const { auth } = await loadAuth();
    expect(auth.get().authenticated).toBe(true);
    const replaced = vi.fn();
    auth.onReplaced(replaced);

    storedByAnotherTab(null); // its Logout clears every stored area
    expect(auth.get().authenticated).toBe(false);
    await expect(auth.ensureSession()).resolves.toBeNull();
    expect(replaced).toHaveBeenCalledOnce();

    storedByAnotherTab({ ...signedIn, entry_token: "access-token-2" });
    await expect(auth.ensureSession()).resolves.toMatchObject({ entry_token: "access-token-2" });
    expect(replaced).toHaveBeenCalledTimes(2);
  });

  it("keeps the tokens it refreshed when this tab then changes the session", async () => {
    localStorage.setItem("auth", JSON.stringify(signedIn));
    const { auth } = await loadAuth();
    expect(auth.get().refresh_token).toBe("refresh-token");
    // Written, but its event not handled here yet.
    localStorage.setItem("auth", JSON.stringify({ ...signedIn, refresh_token: "refresh-token-2" }));

    auth.set({ is_first_time: false });

    expect(JSON.parse(localStorage.getItem("auth") ?? "null")).toMatchObject({
      refresh_token: "refresh-token-2",
      is_first_time: false,
    });
  });
});

describe("sign-in and the session check", () => {
  const login = {
    accessToken: "access-token",
    idToken: "id-token",
    refreshToken: "refresh-token",
    isFirstTime: true,
    status: "confirmed",
    email: "maya@example.com",
  } as const;

  it("starts the docs/product.md §3 session from a login: idToken as bearer, accessToken as entry token", async () => {
    const { auth } = await loadAuth();
    auth.signIn(login, "google");
    expect(auth.get()).toEqual({
      access_token: "id-token",
      entry_token: "access-token",
      refresh_token: "refresh-token",
      authenticated: true,
      is_first_time: true,
      user: { email: "maya@example.com", status: "confirmed" },
      socialProvider: "google",
    });
    expect(JSON.parse(localStorage.getItem("auth") ?? "null").access_token).toBe("id-token");
  });

  it("asks the server once per sign-in: a refreshed token belongs to the session already confirmed", async () => {
    const { auth } = await loadAuth();
    const check = vi.fn(async (session: AuthSession) => session);
    auth.setSessionCheck(check);
    auth.signIn(login);
    await auth.ensureSession();
    await auth.ensureSession();
    expect(check).toHaveBeenCalledOnce();

    // What the api client stores after POST /auth/refresh-token.
    auth.set({ access_token: "id-token-2", refresh_token: "refresh-token-2" });
    await expect(auth.ensureSession()).resolves.toMatchObject({ access_token: "id-token-2" });
    expect(check).toHaveBeenCalledOnce();

    auth.signIn({ ...login, accessToken: "access-token-2", idToken: "id-token-3" });
    await auth.ensureSession();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("is signed out when the server refuses the stored session", async () => {
    localStorage.setItem("auth", JSON.stringify(signedIn));
    const { auth } = await loadAuth();
    auth.setSessionCheck(async () => {
      auth.clear();
      return null;
    });
    await expect(auth.ensureSession()).resolves.toBeNull();
    expect(auth.get().authenticated).toBe(false);
    await expect(auth.ensureSession()).resolves.toBeNull();
  });
});

describe("signOut", () => {
  it("removes every stored area and leaves the store signed out", async () => {
    const { storedAreas } = await import("./stored-state");
    for (const area of storedAreas) localStorage.setItem(area, JSON.stringify({ area }));
    localStorage.setItem("auth", JSON.stringify(signedIn));
    vi.resetModules();
    const { signOut } = await import("./sign-out");
    const { auth } = await import("./auth");

    signOut();

    expect(localStorage.length).toBe(0);
    expect(auth.get().authenticated).toBe(false);
  });
});
