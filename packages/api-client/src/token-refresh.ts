import { newRequestId } from "./request-id";
import type { components } from "./schema.gen";
import type { SessionBridge } from "./session";

type RefreshTokenRequest = components["schemas"]["RefreshTokenRequest"];
type RefreshTokenResponse = components["schemas"]["RefreshTokenResponse"];

/**
 * Returns the idToken to retry a 401 with, or undefined when the session cannot be renewed.
 * Refresh tokens rotate on every use, and presenting a spent one revokes the whole session; the tabs of a
 * browser share one stored session. So concurrent callers share one POST /auth/refresh-token, and a tab
 * refreshes only under a lock that every tab takes (see CrossTabLock).
 */
export type TokenRefresh = (sent: {
  idToken: string | undefined;
  /** Whose session the request was sent in. */
  email: string | undefined;
}) => Promise<string | undefined>;

/** Runs `task` once no other tab of the browser is running one under this lock. */
export type CrossTabLock = <T>(task: () => Promise<T>) => Promise<T>;

/** Web Locks where the browser has them; elsewhere only createTokenRefresh's in-tab single flight applies. */
export const webLock: CrossTabLock = async (task) => {
  const locks = globalThis.navigator?.locks;
  return locks ? await locks.request("brandscope-token-refresh", task) : task();
};

export function createTokenRefresh(o: {
  baseUrl: string;
  session: SessionBridge;
  timeoutMs: number;
  lock: CrossTabLock;
}): TokenRefresh {
  let inflight: Promise<string | undefined> | undefined;

  // Under the lock. `held` is what this tab had when its request failed: if another tab has stored a different
  // refresh token meanwhile, it has refreshed already and its tokens serve here too.
  const refresh = async (held: RefreshTokenRequest): Promise<string | undefined> => {
    o.session.reload();
    const credentials = o.session.getRefreshCredentials();
    if (credentials?.email !== held.email) return undefined; // signed out, or in as someone else
    if (credentials.refreshToken !== held.refreshToken) return o.session.getIdToken();
    const tokens = await requestTokens(o.baseUrl, credentials, o.timeoutMs);
    if (!tokens) {
      o.session.onSessionExpired();
      return undefined;
    }
    o.session.onTokenRefreshed(tokens.idToken, tokens.refreshToken);
    return tokens.idToken;
  };

  return (sent) => {
    const held = o.session.getRefreshCredentials();
    // Signed out, or in as someone else, while the request was on the wire (in another tab, too): it was the
    // previous user's, and no token of the new session may repeat it.
    if (!held || held.email !== sent.email) return Promise.resolve(undefined);
    if (inflight) return inflight;
    const current = o.session.getIdToken();
    // A refresh that finished meanwhile (here, or in a tab whose storage event came since) replaced its token.
    if (current !== undefined && current !== sent.idToken) return Promise.resolve(current);
    inflight = o
      .lock(() => refresh(held))
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };
}

// Plain fetch, not the client: the refresh call must never go through the 401 handling it serves.
async function requestTokens(
  baseUrl: string,
  credentials: RefreshTokenRequest,
  timeoutMs: number,
): Promise<{ idToken: string; refreshToken?: string } | undefined> {
  try {
    const response = await fetch(`${baseUrl}/auth/refresh-token`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-Request-Id": newRequestId(),
      },
      body: JSON.stringify({
        email: credentials.email,
        refreshToken: credentials.refreshToken,
      } satisfies RefreshTokenRequest),
      cache: "no-store",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    return readTokens(await response.json());
  } catch {
    // No response or an unreadable body: the session cannot be renewed either way.
    return undefined;
  }
}

function readTokens(body: unknown): { idToken: string; refreshToken?: string } | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { idToken, refreshToken }: Partial<Record<keyof RefreshTokenResponse, unknown>> = body;
  if (typeof idToken !== "string" || idToken === "") return undefined;
  return typeof refreshToken === "string" && refreshToken !== "" ? { idToken, refreshToken } : { idToken };
}
