import type { AppConfig } from "../../config/env";
import { MINUTE_MS } from "../../lib/clock";
import { type ProviderDescriptor, utcDayOf } from "./connector-kit";
import { searchConsoleClient } from "./search-console-api";

/** Read-only access to Search Console, the only scope asked. */
export const SEARCH_CONSOLE_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";

/** The Search Console connector as the kit knows it (connector-kit.ts). */
export const SEARCH_CONSOLE = {
  provider: "search_console",
  slug: "search-console",
  name: "Search Console",
  vendor: "Google",
  job: "sync-search-console",
  auth: { kind: "oauth", scopes: [SEARCH_CONSOLE_SCOPE], holder: "google_account" },
  version: null,
  quota: {
    summary:
      "Search Analytics: 1,200 queries a minute per site and per user, 30,000,000 a day per Cloud project; a read is one or two queries.",
    source: "https://developers.google.com/webmaster-tools/limits",
  },
  quotaDayOf: utcDayOf,
  // A read is a few calls: a few a quarter hour is plenty.
  refreshLimit: { windowMs: 15 * MINUTE_MS, max: 3 },
  unavailable: "Google Search Console is not available on this server.",
  notConnected: "Connect Google Search Console first.",
} as const satisfies ProviderDescriptor;

/** Google's Search Console client as the server configures it; none without an OAuth client. */
export function searchConsoleClientOf(config: AppConfig) {
  const client = config.searchConsole.client;
  if (!client) return undefined;
  return searchConsoleClient({
    clientId: client.id,
    clientSecret: client.secret,
    tokenUrl: config.searchConsole.tokenUrl,
    revokeUrl: config.searchConsole.revokeUrl,
    baseUrl: config.searchConsole.baseUrl,
  });
}
