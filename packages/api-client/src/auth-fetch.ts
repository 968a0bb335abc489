import { ApiError, NO_RESPONSE_MESSAGE } from "./errors";
import type { SessionBridge } from "./session";
import { type CrossTabLock, createTokenRefresh } from "./token-refresh";

/**
 * How a request reaches the server within `timeoutMs`: fetch (the whole exchange), or an XMLHttpRequest that
 * reports upload progress and counts the time from the last progress (upload-transport.ts).
 */
export type Transport = (request: Request, timeoutMs: number) => Promise<Response>;

const fetchTransport: Transport = (request, timeoutMs) =>
  fetch(new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) }));

/** The fetch of createAuthFetch, with the transport of one request (fetch when not given). */
export type AuthFetch = (request: Request, transport?: Transport) => Promise<Response>;

/**
 * The fetch openapi-fetch calls: bearer header, no caching, timeout, and one retry after a token refresh.
 * It lives in fetch rather than middleware because middleware cannot re-send a request.
 */
export function createAuthFetch(o: {
  baseUrl: string;
  session: SessionBridge;
  timeoutMs: number;
  lock: CrossTabLock;
}): AuthFetch {
  const refresh = createTokenRefresh(o);

  const send = async (
    request: Request,
    idToken: string | undefined,
    transport: Transport,
  ): Promise<Response> => {
    const headers = new Headers(request.headers);
    if (idToken) headers.set("Authorization", `Bearer ${idToken}`);
    const outgoing = new Request(request, { headers, cache: "no-store" });
    try {
      return await transport(outgoing, o.timeoutMs);
    } catch (error) {
      // The caller's own abort (e.g. TanStack Query cancelling) is not a lost response.
      if (request.signal.aborted) throw error;
      throw new ApiError(NO_RESPONSE_MESSAGE, { cause: error });
    }
  };

  return async (request, transport = fetchTransport) => {
    if (isAuthCall(request.url, o.baseUrl)) return send(request, o.session.getIdToken(), transport);
    const spare = request.clone(); // a body can be read once; the retry needs its own copy
    const sent = { idToken: o.session.getIdToken(), email: o.session.getRefreshCredentials()?.email };
    const response = await send(request, sent.idToken, transport);
    if (response.status !== 401) return response;
    // Read the 401 now: its body is still under this attempt's timeout, which may run out during the refresh.
    const unauthorized = await buffered(response);
    const freshToken = await refresh(sent);
    return freshToken ? send(spare, freshToken, transport) : unauthorized;
  };
}

async function buffered(response: Response): Promise<Response> {
  const { status, statusText, headers } = response;
  return new Response(await response.arrayBuffer(), { status, statusText, headers });
}

// The /auth/ calls are the public ones (contract: security []); their 401 means wrong credentials, which a
// refresh would not change.
function isAuthCall(url: string, baseUrl: string): boolean {
  const base = new URL(baseUrl, url).href.replace(/\/+$/, "");
  return url.startsWith(`${base}/auth/`);
}
