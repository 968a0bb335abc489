import createClient, { type Client, type Middleware } from "openapi-fetch";
import { createAuthFetch } from "./auth-fetch";
import { newRequestId } from "./request-id";
import type { paths } from "./schema.gen";
import type { SessionBridge } from "./session";
import { type CrossTabLock, webLock } from "./token-refresh";

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Where the contract's `/api` lives: "/api" in the browser, an absolute URL elsewhere. */
  baseUrl: string;
  session: SessionBridge;
  /** Per attempt; docs/product.md §9 sets 30 seconds. */
  timeoutMs?: number;
  /** Keeps token refreshes to one at a time across the browser's tabs: Web Locks, or a test's own. */
  lock?: CrossTabLock;
}

// Set before the custom fetch runs, so a retried request keeps the id of the call it repeats.
const requestId: Middleware = {
  onRequest({ request }) {
    if (!request.headers.has("X-Request-Id")) request.headers.set("X-Request-Id", newRequestId());
    return request;
  },
};

export function createApiClient({
  session,
  timeoutMs = 30_000,
  lock = webLock,
  ...o
}: ApiClientOptions): ApiClient {
  const baseUrl = o.baseUrl.replace(/\/+$/, "");
  const client = createClient<paths>({
    baseUrl,
    headers: { Accept: "application/json" },
    fetch: createAuthFetch({ baseUrl, session, timeoutMs, lock }),
  });
  client.use(requestId);
  return client;
}
