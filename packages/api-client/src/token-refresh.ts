import { newRequestId } from "./request-id";
import type { components } from "./schema.gen";
import type { SessionBridge } from "./session";

type RefreshTokenRequest = components["schemas"]["RefreshTokenRequest"];
type RefreshTokenResponse = components["schemas"]["RefreshTokenResponse"];

/**
 * Returns the idToken to retry a 401 with, or undefined when the session cannot be renewed.
 * Concurrent callers share one POST /auth/refresh-token: refresh tokens rotate on every use, and presenting
 * a spent one revokes the whole session.
 */
export type TokenRefresh = (tokenSent: string | undefined) => Promise<string | undefined>;

export function createTokenRefresh(o: {
  baseUrl: string;
  session: SessionBridge;
  timeoutMs: number;
}): TokenRefresh {
  let inflight: Promise<string | undefined> | undefined;

  const refresh = async (): Promise<string | undefined> => {
    const credentials = o.session.getRefreshCredentials();
    if (!credentials) return undefined;
    const tokens = await requestTokens(o.baseUrl, credentials, o.timeoutMs);
    if (!tokens) {
      o.session.onSessionExpired();
      return undefined;
    }
    o.session.onTokenRefreshed(tokens.idToken, tokens.refreshToken);
    return tokens.idToken;
  };

  return (tokenSent) => {
    if (inflight) return inflight;
    const current = o.session.getIdToken();
    // A refresh that finished while this request was on the wire already replaced its token.
    if (current !== undefined && current !== tokenSent) return Promise.resolve(current);
    inflight = refresh().finally(() => {
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
