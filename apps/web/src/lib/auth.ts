import type { User } from "@brandscope/api-client";
import { useSyncExternalStore } from "react";
// zod/mini: this module is in the chunk every page loads, and full zod would add 17 KB (gzip) to it.
import { z } from "zod/mini";
import type { StoredArea } from "./stored-state";

const STORAGE_KEY = "auth" satisfies StoredArea;

export const socialProviders = ["facebook", "google", "apple"] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** The session exactly as spec §3 lists it and as it sits in localStorage under `auth`. */
export interface AuthSession {
  /** The bearer credential: the login's idToken (decisions.md, "Tokens"). */
  access_token: string;
  /** The login's accessToken, presented to prove a fresh sign-in (POST /user/delete). */
  entry_token: string;
  refresh_token: string;
  authenticated: boolean;
  is_first_time: boolean;
  user: User | null;
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
  user: z.nullable(z.custom<User>((value) => typeof value === "object" && value !== null)),
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

// Until the API can vouch for a token (issue 4), a stored signed-in session is trusted as it is.
// This is the one place that will ask GET /user/me, refreshing once if the token has expired.
function confirmSession(session: AuthSession): Promise<AuthSession | null> {
  return Promise.resolve(session);
}

type Listener = (session: AuthSession) => void;

let current: AuthSession | undefined;
let confirmation: Promise<AuthSession | null> | undefined;
const listeners = new Set<Listener>();
const expiryListeners = new Set<() => void>();

function snapshot(): AuthSession {
  current ??= readStored();
  return current;
}

function commit(next: AuthSession) {
  // A different token is a different session: the next guard confirms it again.
  if (next.access_token !== snapshot().access_token) confirmation = undefined;
  current = next;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener(next);
}

/**
 * The session store: a plain object, so route guards and the api client can use it outside React.
 * Components read it with `useAuth()`.
 */
export const auth = {
  get: snapshot,

  /** Merges a change into the session, e.g. the tokens after login or a refreshed idToken. */
  set(patch: Partial<AuthSession>) {
    commit({ ...snapshot(), ...patch });
  },

  /** Back to the empty session, which stays stored as such. */
  clear() {
    commit(signedOutSession);
  },

  /** The session ended without the user asking (its refresh failed): clear it and tell whoever must react. */
  expire() {
    commit(signedOutSession);
    for (const listener of expiryListeners) listener();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  onExpired(listener: () => void): () => void {
    expiryListeners.add(listener);
    return () => {
      expiryListeners.delete(listener);
    };
  },

  /** What route guards await: the confirmed session, or null when nobody is signed in. */
  ensureSession(): Promise<AuthSession | null> {
    const session = snapshot();
    if (!isSignedIn(session)) return Promise.resolve(null);
    confirmation ??= confirmSession(session);
    return confirmation;
  },
};

export type Auth = typeof auth;

export function useAuth(): AuthSession {
  return useSyncExternalStore(auth.subscribe, auth.get);
}
