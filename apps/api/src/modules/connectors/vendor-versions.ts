import { DAY_MS } from "../../lib/clock";
import type { VendorVersion } from "./connector-kit";
import { PROVIDERS } from "./providers";

/**
 * The platforms' API versions the connectors call, each with its published sunset date and where it is published
 * (each provider's descriptor: providers.ts; the dates are kept beside each client, google-ads-api.ts and
 * instagram-api.ts). YouTube's Data API v3 and Search Console's v3 are unversioned by date and have none.
 */
export const VENDOR_VERSIONS: readonly VendorVersion[] = Object.values(PROVIDERS).flatMap((p) =>
  p.version ? [p.version] : [],
);

/** How long before a sunset the server starts warning: a quarter, enough to move a version in a release. */
export const SUNSET_WARNING_DAYS = 90;

export interface VersionNotice {
  vendor: string;
  version: string;
  sunset: string;
  source: string;
  /** Whole days until the sunset; 0 or less once it has passed. */
  daysLeft: number;
}

/**
 * The versions within SUNSET_WARNING_DAYS of their sunset (or past it) on `now`, soonest first. Told at start
 * (server.ts) so that the operator updates in time; a date never fails a build or a test by itself.
 */
export function versionsNearSunset(
  now: Date,
  versions: readonly Omit<VersionNotice, "daysLeft">[] = VENDOR_VERSIONS,
) {
  return versions
    .map((v) => ({
      ...v,
      daysLeft: Math.ceil((Date.parse(`${v.sunset}T00:00:00Z`) - now.getTime()) / DAY_MS),
    }))
    .filter((v) => v.daysLeft <= SUNSET_WARNING_DAYS)
    .sort((a, b) => a.daysLeft - b.daysLeft);
}
