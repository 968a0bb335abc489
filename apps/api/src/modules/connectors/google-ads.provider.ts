import type { AppConfig } from "../../config/env";
import { MINUTE_MS } from "../../lib/clock";
import { type ProviderDescriptor, utcDayOf } from "./connector-kit";
import { GOOGLE_ADS_API_VERSION, googleAdsClient } from "./google-ads-api";

/** Google Ads API access, the only scope asked (Google has no narrower, read-only one). */
export const GOOGLE_ADS_SCOPE = "https://www.googleapis.com/auth/adwords";

/** The Google Ads keyword planning connector as the kit knows it (connector-kit.ts). */
export const GOOGLE_ADS = {
  provider: "google_ads",
  slug: "google-ads",
  name: "Google Ads",
  vendor: "Google",
  job: "sync-google-ads",
  auth: { kind: "oauth", scopes: [GOOGLE_ADS_SCOPE], holder: "google_account" },
  version: GOOGLE_ADS_API_VERSION,
  quota: {
    summary:
      "Operations a day per Cloud project by its access level (Explorer 2,880, Basic 15,000) and KeywordPlanIdeaService's own rate limit; a read is three calls.",
    source: "https://developers.google.com/google-ads/api/docs/api-policy/access-levels",
  },
  quotaDayOf: utcDayOf,
  // A read is three calls and a few hundred keywords: a few a quarter hour is plenty.
  refreshLimit: { windowMs: 15 * MINUTE_MS, max: 3 },
  unavailable: "Google Ads keyword planning is not available on this server.",
  notConnected: "Connect Google Ads first.",
} as const satisfies ProviderDescriptor;

/** The Google Ads client as the server configures it; none without an OAuth client. */
export function googleAdsClientOf(config: AppConfig) {
  const client = config.googleAds.client;
  if (!client) return undefined;
  return googleAdsClient({
    clientId: client.id,
    clientSecret: client.secret,
    developerToken: client.developerToken,
    tokenUrl: config.searchConsole.tokenUrl,
    revokeUrl: config.searchConsole.revokeUrl,
    baseUrl: config.googleAds.baseUrl,
  });
}
