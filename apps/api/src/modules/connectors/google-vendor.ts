import type { searchconsole_v1 } from "@googleapis/searchconsole";
import type { youtube_v3 } from "@googleapis/youtube";
import type { gaxios, OAuth2Client } from "google-auth-library";

/**
 * Google's own Node clients, as the Google connectors call them: `@googleapis/youtube` (YouTube Data API v3),
 * `@googleapis/searchconsole` (Search Console API) and `google-auth-library`'s OAuth2Client (the token endpoint).
 * Their request and response types are Google's, generated from the APIs' discovery documents
 * (github.com/googleapis/google-api-nodejs-client), so a field this code or a test's fake names wrongly fails to
 * type-check. They are loaded on the first call, not at start: together they take about 200 ms to load.
 *
 * Every call goes through Google's transport (gaxios) with the same settings: the platform's `fetch` (native, as
 * every other outbound call of the server; gaxios would otherwise load node-fetch), a timeout, JSON answers, and no
 * retries of its own (gaxios retries 5xx and 429 three times by default, and OAuth2Client asks it to for POSTs too):
 * the sync jobs own retries and quota accounting, and a retried call would spend quota unseen.
 */

/** A module imported on its first use, then kept. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
const youtubeModule = onFirstUse(() => import("@googleapis/youtube"));
const searchConsoleModule = onFirstUse(() => import("@googleapis/searchconsole"));
const authModule = onFirstUse(() => import("google-auth-library"));

export interface TransportOptions {
  /** A stand-in for the platform's fetch (tests); the global one otherwise. */
  fetch?: typeof fetch;
  timeoutMs: number;
}

/** gaxios' options for every call of a Google client. */
export const transport = (o: TransportOptions) => ({
  fetchImplementation:
    o.fetch ?? ((input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, init)),
  timeout: o.timeoutMs,
  responseType: "json" as const,
  retry: false,
});

/** The YouTube Data API v3 client, its `rootUrl` the origin of `baseUrl` (the API's paths start /youtube/v3/). */
export async function youtubeApi(o: TransportOptions & { baseUrl: string }): Promise<youtube_v3.Youtube> {
  const { youtube_v3 } = await youtubeModule();
  return new youtube_v3.Youtube({ rootUrl: rootUrlOf(o.baseUrl), ...transport(o) });
}

/**
 * The Search Console API client (searchconsole v1, whose sites and searchAnalytics methods keep the paths
 * /webmasters/v3/…), its `rootUrl` the origin of `baseUrl`.
 */
export async function searchConsoleApi(
  o: TransportOptions & { baseUrl: string },
): Promise<searchconsole_v1.Searchconsole> {
  const { searchconsole_v1 } = await searchConsoleModule();
  return new searchconsole_v1.Searchconsole({ rootUrl: rootUrlOf(o.baseUrl), ...transport(o) });
}

/**
 * Google's clients build each URL as rootUrl + the method's path from the discovery document, so the configured
 * base URL (…/youtube/v3, …/webmasters/v3) gives its origin: production points at Google, tests at the local fake.
 */
const rootUrlOf = (baseUrl: string): string => `${new URL(baseUrl).origin}/`;

export interface OAuthClientOptions extends TransportOptions {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  revokeUrl: string;
}

/**
 * A new OAuth2Client (one per call, so that no call sees another's credentials) with the configured token and
 * revoke endpoints. Its transport keeps OAuth2Client's own headers and drops only the retries it asks for.
 */
export async function oauthClient(o: OAuthClientOptions): Promise<OAuth2Client> {
  const { OAuth2Client } = await authModule();
  const client = new OAuth2Client({
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    endpoints: { oauth2TokenUrl: o.tokenUrl, oauth2RevokeUrl: o.revokeUrl },
    transporterOptions: transport(o),
  });
  client.transporter.interceptors.request.add({
    resolved: async (options) => {
      options.retry = false;
      delete options.retryConfig;
      return options;
    },
  });
  return client;
}

/**
 * What Google answered to a call that failed: its status and its body (parsed JSON, else text), or no status when
 * there was no answer (network, timeout). Anything that is not a transport error is not Google's answer: undefined.
 */
export async function answerOfFailure(
  error: unknown,
): Promise<{ status: number | null; body: unknown } | undefined> {
  const { gaxios } = await authModule();
  if (!(error instanceof gaxios.GaxiosError)) return undefined;
  const response: gaxios.GaxiosResponse | undefined = error.response;
  return response ? { status: response.status, body: response.data } : { status: null, body: undefined };
}

/**
 * Google's JSON error body, which its clients do not type (they hand it over as GaxiosError.response.data): the
 * error model of Google APIs (cloud.google.com/apis/design/errors: `code`, `message`, `status`, `details` with
 * `google.rpc.ErrorInfo`'s `reason`, `domain`, `metadata`), with the legacy `errors[]` list that the YouTube Data
 * API and Search Console still send (developers.google.com/youtube/v3/docs/errors). A `details` entry of another
 * `@type` (Google Ads' GoogleAdsFailure: google-ads-types.ts) has fields of its own.
 */
export interface GoogleApiErrorBody {
  error: {
    code: number;
    message: string;
    status?: string;
    errors?: {
      message?: string;
      domain?: string;
      reason?: string;
      location?: string;
      locationType?: string;
    }[];
    details?: ({ "@type": string } & Record<string, unknown>)[];
  };
}

/** The token endpoint's error body (RFC 6749 §5.2; developers.google.com/identity/protocols/oauth2/web-server). */
export interface OAuthErrorBody {
  error: string;
  error_description?: string;
  error_uri?: string;
}
