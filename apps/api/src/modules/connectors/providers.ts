import type { ConnectorProvider } from "../../db/schema";
import type { ProviderDescriptor } from "./connector-kit";
import { GOOGLE_ADS } from "./google-ads.provider";
import { INSTAGRAM } from "./instagram.provider";
import { SEARCH_CONSOLE } from "./search-console.provider";
import { YOUTUBE } from "./youtube.provider";

/** Every connector's descriptor (connector-kit.ts), by provider: what the daily refresh and the version check read. */
export const PROVIDERS = {
  youtube: YOUTUBE,
  search_console: SEARCH_CONSOLE,
  instagram: INSTAGRAM,
  google_ads: GOOGLE_ADS,
} as const satisfies Record<ConnectorProvider, ProviderDescriptor>;
