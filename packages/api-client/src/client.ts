import createClient, { type Client, type Middleware } from "openapi-fetch";
import { type AuthFetch, createAuthFetch } from "./auth-fetch";
import { newRequestId } from "./request-id";
import type { paths } from "./schema.gen";
import type { SessionBridge } from "./session";
import { type CrossTabLock, webLock } from "./token-refresh";
import { type UploadProgress, uploadTransport } from "./upload-transport";

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Where the contract's `/api` lives: "/api" in the browser, an absolute URL elsewhere. */
  baseUrl: string;
  session: SessionBridge;
  /** Per attempt; docs/product.md §9 sets 30 seconds. */
  timeoutMs?: number;
  /** Keeps token refreshes to one at a time across the browser's tabs: Web Locks, or a test's own. */
  lock?: CrossTabLock;
  /**
   * The brand the app shows: sent as `X-Brand-Id` with every call that does not name one itself, so no
   * brand-scoped operation needs code of its own (the server reads it only on those).
   */
  getBrandId?: () => string | undefined;
}

// Set before the custom fetch runs, so a retried request keeps the id of the call it repeats.
const requestId: Middleware = {
  onRequest({ request }) {
    if (!request.headers.has("X-Request-Id")) request.headers.set("X-Request-Id", newRequestId());
    return request;
  },
};

/** The contract's BrandHeader parameter. */
export const BRAND_HEADER = "X-Brand-Id";

const chosenBrand = (getBrandId: () => string | undefined): Middleware => ({
  onRequest({ request }) {
    const brandId = getBrandId();
    if (brandId && !request.headers.has(BRAND_HEADER)) request.headers.set(BRAND_HEADER, brandId);
    return request;
  },
});

export function createApiClient({
  session,
  timeoutMs = 30_000,
  lock = webLock,
  getBrandId,
  ...o
}: ApiClientOptions): ApiClient {
  const baseUrl = o.baseUrl.replace(/\/+$/, "");
  const authFetch = createAuthFetch({ baseUrl, session, timeoutMs, lock });
  const client = createClient<paths>({
    baseUrl,
    headers: { Accept: "application/json" },
    fetch: (request) => authFetch(request),
  });
  client.use(requestId);
  if (getBrandId) client.use(chosenBrand(getBrandId));
  authFetches.set(client, authFetch);
  return client;
}

const authFetches = new WeakMap<ApiClient, AuthFetch>();

/**
 * The fetch of one upload that reports its progress, for openapi-fetch's per-call `fetch` option, with the client's
 * bearer, refresh and error handling:
 *
 *   api.POST("/brand/imports", { body: formData({ file }), fetch: withUploadProgress(api, setProgress) })
 *
 * Where XMLHttpRequest does not exist (a server, a test environment without it) it is the client's own fetch.
 */
export function withUploadProgress(
  client: ApiClient,
  onProgress: (progress: UploadProgress) => void,
): (request: Request) => Promise<Response> {
  const authFetch = authFetches.get(client);
  if (!authFetch) throw new Error("withUploadProgress needs a client made by createApiClient");
  if (typeof XMLHttpRequest === "undefined") return (request) => authFetch(request);
  return (request) => authFetch(request, uploadTransport(onProgress));
}
