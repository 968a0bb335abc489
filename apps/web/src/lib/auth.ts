import type { LoginResponse, User } from "@brandscope/api-client";
import { useSyncExternalStore } from "react";
// zod/mini: this module is in the chunk every page loads, and full zod would add 17 KB (gzip) to it.
import { z } from "zod/mini";
import type { StoredArea } from "./stored-state";

const STORAGE_KEY = "auth" satisfies StoredArea;

export const socialProviders = ["facebook", "google", "apple"] as const;
export type SocialProvider = (typeof socialProviders)[number];

/**
 * The user as the session knows it: right after sign-in only what the login answered (the e-mail, which the
 * token refresh needs); the full user from GET /user/me once the session is confirmed.
 */
export type SessionUser = Pick<User, "email"> & Partial<Omit<User, "email">>;

/** The session exactly as docs/product.md §3 lists it and as it sits in localStorage under `auth`. */
export interface AuthSession {
  /** The bearer credential: the login's idToken (docs/decisions.md "Accounts and tokens"). */
  access_token: string;
  /** The login's accessToken, presented to prove a fresh sign-in (POST /user/delete). */
  entry_token: string;
  refresh_token: string;
  authenticated: boolean;
  is_first_time: boolean;
  user: SessionUser | null;
  socialProvider: SocialProvider | "";
}

export const signedOutSession: AuthSession = Object.freeze({
  access_token: "",
  entry_token: "",
  refresh_token: "",
  authenticated: false,
  is_first_time: false,
  user: null,
  socialProvider: "",
});

// Storage can hold anything (an older app version, a hand edit): whatever does not parse counts as signed out.
// The user object is the server's to shape; it is refreshed from /user/me, so only its presence is checked.
const storedSessionSchema = z.object({
  access_token: z.string(),
  entry_token: z.string(),
  refresh_token: z.string(),
  authenticated: z.boolean(),
  is_first_time: z.boolean(),
  user: z.nullable(
    z.custom<SessionUser>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        typeof (value as { email?: unknown }).email === "string",
    ),
  ),
  socialProvider: z.union([z.enum(socialProviders), z.literal("")]),
});

function readStored(): AuthSession {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw === null) return signedOutSession;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : signedOutSession;
  } catch {
    return signedOutSession;
  }
}

export function isSignedIn(session: AuthSession): boolean {
  return session.authenticated && session.access_token !== "";
}

/**
 * Asks the server whether a stored session still holds: the one place that calls GET /user/me for it (the api
 * client refreshes once on 401; a failed refresh signs out). Resolves to the session to use, or null when
 * nobody is signed in any more. Installed by the app (`auth.setSessionCheck`) so this module, which every page
 * loads, stays free of the api client; until then a stored session is trusted as it is.
 */
export type SessionCheck = (session: AuthSession) => Promise<AuthSession | null>;

let confirmSession: SessionCheck = (session) => Promise.resolve(session);

type Listener = (session: AuthSession) => void;

let current: AuthSession | undefined;
let confirmation: Promise<AuthSession | null> | undefined;
const listeners = new Set<Listener>();
const replacedListeners = new Set<() => void>();

function snapshot(): AuthSession {
  current ??= readStored();
  return current;
}

/** Makes `next` the session (stored, unless it comes from storage); true when it is another sign-in. */
function commit(next: AuthSession, store = true): boolean {
  // A new sign-in (or none) is a different session: the next guard confirms it again. A refreshed idToken
  // belongs to the session already confirmed.
  const previous = snapshot();
  const replaced = next.entry_token !== previous.entry_token || isSignedIn(next) !== isSignedIn(previous);
  if (replaced) confirmation = undefined;
  current = next;
  if (store) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener(next);
  return replaced;
}

function announceReplaced() {
  for (const listener of replacedListeners) listener();
}

/**
 * The session store: a plain object, so route guards and the api client can use it outside React.
 * Components read it with `useAuth()`.
 */
export const auth = {
  get: snapshot,

  /**
   * Merges a change into the session as stored now, e.g. a refreshed idToken: another tab may have stored
   * newer tokens than this one holds, and writing those back would undo its refresh. A session another tab
   * has ended or replaced meanwhile takes no change meant for the one before.
   */
  set(patch: Partial<AuthSession>) {
    if (!auth.reload()) commit({ ...snapshot(), ...patch });
  },

  /**
   * Takes the session as stored when another tab changed it (the tabs share localStorage): tokens it
   * refreshed, its sign-out, or a sign-in. True when that ended or replaced this tab's sign-in, which
   * onReplaced announces.
   */
  reload(): boolean {
    const stored = readStored();
    const replaced = JSON.stringify(stored) !== JSON.stringify(snapshot()) && commit(stored, false);
    if (replaced) announceReplaced();
    return replaced;
  },

  /** A sign-in (password or social) succeeded: the session of docs/product.md §3/§4 starts with its tokens. */
  signIn(login: LoginResponse, socialProvider: SocialProvider | "" = "") {
    commit({
      access_token: login.idToken,
      entry_token: login.accessToken,
      refresh_token: login.refreshToken,
      authenticated: true,
      is_first_time: login.isFirstTime,
      user: { email: login.email, status: login.status },
      socialProvider,
    });
  },

  /** Installs the server check that `ensureSession` runs once per session (see SessionCheck). */
  setSessionCheck(check: SessionCheck) {
    confirmSession = check;
    confirmation = undefined;
  },

  /** Back to the empty session, which stays stored as such. */
  clear() {
    commit(signedOutSession);
  },

  /** The session ended without the user asking (its refresh failed): clear it and tell whoever must react. */
  expire() {
    commit(signedOutSession);
    announceReplaced();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** The session this tab showed ended or changed hands unasked: it expired, or another tab signed out/in. */
  onReplaced(listener: () => void): () => void {
    replacedListeners.add(listener);
    return () => {
      replacedListeners.delete(listener);
    };
  },

  /** What route guards await: the confirmed session, or null when nobody is signed in. */
  ensureSession(): Promise<AuthSession | null> {
    const session = snapshot();
    if (!isSignedIn(session)) return Promise.resolve(null);
    confirmation ??= confirmSession(session);
    // The confirmed session as it is now: its idToken may have been refreshed since the check.
    return confirmation.then((confirmed) => (confirmed && isSignedIn(snapshot()) ? snapshot() : null));
  },
};

export type Auth = typeof auth;

// Each tab keeps the session in memory; another tab's sign-in, sign-out or refresh reaches it by this event.
addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEY || event.key === null) auth.reload();
});

export function useAuth(): AuthSession {
  return useSyncExternalStore(auth.subscribe, auth.get);
}
