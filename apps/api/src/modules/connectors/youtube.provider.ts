import { MINUTE_MS } from "../../lib/clock";
import type { ProviderDescriptor } from "./connector-kit";
import { quotaDayOf } from "./youtube-quota";

/** The YouTube connector (Data API v3 with an API key) as the kit knows it (connector-kit.ts). */
export const YOUTUBE = {
  provider: "youtube",
  slug: "youtube",
  name: "YouTube",
  vendor: "YouTube",
  job: "sync-youtube",
  auth: { kind: "api_key" },
  version: null,
  quota: {
    summary:
      "10,000 units a day per Cloud project by default, counted per API key's project and reset at midnight Pacific time; a channel costs about 5 units, a creator search 100.",
    source: "https://developers.google.com/youtube/v3/determine_quota_cost",
  },
  quotaDayOf,
  // A read of every channel costs a few units: a few a quarter hour is plenty, and bounds what a user can spend.
  refreshLimit: { windowMs: 15 * MINUTE_MS, max: 3 },
  unavailable: "YouTube is not available on this server.",
  notConnected: "Connect YouTube first: enter an API key and your channels.",
} as const satisfies ProviderDescriptor;
