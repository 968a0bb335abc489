import type { ConnectorProvider, ConnectorStatus } from "../../db/schema";
import type { JobPayloads } from "../../kernel/job-queue";

/**
 * The connector kit's vocabulary (docs/data-sources.md "The connector kit"): what every connector declares about its
 * platform in a descriptor, and the causes a platform's failure is classed in. The lifecycle
 * (connector-lifecycle.ts) and the sync job shape (connector-sync.ts) act on a descriptor; each provider keeps only
 * its client and its mapping to posts, followers and keywords (`<provider>.provider.ts`, `<provider>-api.ts`).
 */

/** The job that reads one brand's connection to a provider. */
export type SyncJobKind = "sync-youtube" | "sync-search-console" | "sync-instagram" | "sync-google-ads";
export type SyncJobData = JobPayloads[SyncJobKind];

/** A platform API version the server calls, with its published sunset date and where it is published. */
export interface VendorVersion {
  vendor: string;
  version: string;
  /** YYYY-MM-DD: the first day the version may be gone (a month's first day when only the month is published). */
  sunset: string;
  source: string;
}

export interface ProviderDescriptor {
  provider: ConnectorProvider;
  /** The connector in URLs (`/api/connectors/<slug>`), the consent's return and the rate limits' keys. */
  slug: string;
  /** How the screen, the messages and the log name the connector ("Search Console"). */
  name: string;
  /** Whose service answers ("Google", "Meta", "YouTube"): "<vendor> did not answer". */
  vendor: string;
  job: SyncJobKind;
  /**
   * How the workspace grants access: an API key it enters (or the operator's), or an OAuth consent for `scopes`
   * (or, for Facebook Login for Business, the configuration that holds them). `holder` is whose grant a revoke
   * ends: a Google account's to our OAuth client, a Facebook user's to our Meta app (grant.ts).
   */
  auth:
    | { kind: "api_key" }
    | { kind: "oauth"; scopes: readonly string[]; holder: "google_account" | "facebook_user" };
  /** The dated API version called; null for an API without dated versions (YouTube Data API v3, Search Console v3). */
  version: VendorVersion | null;
  /** The platform's quota, as the operator must know it, with its source. */
  quota: { summary: string; source: string };
  /** What the daily run's quota is counted by: Pacific days for YouTube's units, UTC days otherwise. */
  quotaDayOf(now: Date): string;
  /** Reads on request per brand (POST …/refresh): a few a quarter hour, within every platform's quota. */
  refreshLimit: { windowMs: number; max: number };
  /** The 404's message when the server has no client or key for the platform. */
  unavailable: string;
  /** The 409's message when the chosen brand has no connection. */
  notConnected: string;
}

/**
 * Why a platform refused or failed a read, whoever must act: the user (reconnect, grant a permission, ask for
 * access), the operator (update the API version, get the Cloud project approved, fix the key) or nobody (wait for
 * the quota, the rate limit or the platform to come back).
 */
export type FailureCause =
  | "token_expired"
  | "permission_missing"
  | "no_access"
  | "key_rejected"
  | "project_not_approved"
  | "version_sunset"
  | "quota"
  | "rate_limited"
  | "refused"
  | "unavailable";

/** A platform's failure as the kit classes it; `code` is the platform's own, where it says more. */
export interface ClassedFailure {
  cause: FailureCause;
  code?: string;
  error: Error;
}

/** The status a run ending on each cause leaves the connection in (what the Data sources screen shows). */
export const FAILURE_STATUS = {
  token_expired: "token_expired",
  permission_missing: "no_access",
  no_access: "no_access",
  key_rejected: "key_rejected",
  project_not_approved: "project_not_approved",
  version_sunset: "version_sunset",
  quota: "quota_exhausted",
  rate_limited: "rate_limited",
  refused: "error",
  unavailable: "error",
} as const satisfies Record<FailureCause, ConnectorStatus>;

/** Causes only Brandscope's operator can remove, whatever the workspace: logged as errors besides being shown. */
export const OPERATORS_CAUSES: ReadonlySet<FailureCause> = new Set([
  "project_not_approved",
  "version_sunset",
]);

/** The UTC day, for platforms whose quotas are not counted by a day of their own. */
export const utcDayOf = (now: Date) => now.toISOString().slice(0, 10);

/** "14:05 UTC": the time of day a sentence promises the next read at. */
export const utcTimeOf = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;
