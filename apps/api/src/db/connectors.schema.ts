import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./accounts.schema";
import { brandOwnerColumns, brands } from "./brand-data.schema";
import { createdAt, oneOf } from "./columns";

export const connectorProviders = ["youtube", "search_console", "instagram", "google_ads"] as const;
export type ConnectorProvider = (typeof connectorProviders)[number];

export const connectorStatuses = [
  "reading",
  "connected",
  "quota_exhausted",
  "key_rejected",
  /** OAuth connectors: the provider refused the refresh token (revoked, expired): the user must connect again. */
  "token_expired",
  /** OAuth connectors: the account cannot read the chosen property (any more). */
  "no_access",
  /** OAuth connectors: connected, but no property matches the brand's website: the user must choose one. */
  "choose_property",
  /** Instagram: Meta's rate limit is reached; `rateLimitedUntil` says when reading resumes. */
  "rate_limited",
  /**
   * Google Ads: the operator's Google Cloud project (the OAuth client's) has test access only, or the Google Ads API
   * is not enabled in it: the operator must act; the user's grant is kept. (developer_token_not_approved before
   * Google retired developer tokens; migration 0029 renamed it.)
   */
  "project_not_approved",
  /** Google Ads: Google no longer serves the API version the server calls: the operator must update the server. */
  "version_sunset",
  "error",
] as const;
export type ConnectorStatus = (typeof connectorStatuses)[number];

/** A property an OAuth account can read (Search Console: its siteUrl and the account's permission level). */
export interface ConnectorProperty {
  siteUrl: string;
  permissionLevel: string;
}

/** An Instagram professional account the connected Facebook user can read through (Instagram connector). */
export interface InstagramAccount {
  /** The Instagram user id (ig-user-id) the business_discovery calls go through. */
  id: string;
  username: string;
  /** The Facebook Page the account is linked to. */
  pageName: string | null;
}

/** A Google Ads account (customer) the connected Google user can read keyword planning data through. */
export interface GoogleAdsCustomer {
  /** The customer id, ten digits without dashes. */
  id: string;
  /** Its descriptive name, when Google gave it. */
  name: string | null;
  /** ISO 4217, the account's currency (the bids' unit), when Google gave it. */
  currency: string | null;
}

/**
 * A workspace's connection to a platform's API (modules/connectors/): its credential sealed at rest (lib/crypto.ts
 * seal; null: the operator's key from the environment), where its last run ended, and the quota spent today.
 */
export const connections = pgTable(
  "connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The workspace's own brand the connection reads for and writes to: each brand has its own connections. */
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: connectorProviders }).notNull(),
    sealedCredential: text("sealed_credential"),
    status: text("status", { enum: connectorStatuses }).notNull(),
    statusReason: text("status_reason"),
    /** The provider's quota day (Pacific time for YouTube) the units below were spent on. */
    quotaDay: date("quota_day"),
    quotaUsed: integer("quota_used").notNull().default(0),
    /** What the connection reads at the provider (Search Console: the property's siteUrl); null for YouTube. */
    property: text("property"),
    /** The properties the account could read when it was connected, for the user to choose from. */
    properties: jsonb("properties").$type<ConnectorProperty[]>(),
    /** Instagram: the Instagram professional accounts the Facebook user could read through when connected. */
    accounts: jsonb("accounts").$type<InstagramAccount[]>(),
    /** Google Ads: the accounts (customers) the Google user could read when connected; `property` is the one chosen. */
    customers: jsonb("customers").$type<GoogleAdsCustomer[]>(),
    /**
     * Google connectors: the Google account (the ID token's `sub`) whose grant the credential is. Google's revoke ends
     * that account's whole grant to our OAuth client, so a disconnect revokes only when no connection still holds it
     * (modules/connectors/grant.ts). Null for other providers and for Google connections made before it was kept.
     */
    accountSubject: text("account_subject"),
    /** When the sealed credential stops working (Meta's long-lived user token, about 60 days); null: unknown. */
    credentialExpiresAt: timestamp("credential_expires_at", { withTimezone: true }),
    /** Until when the provider's rate limit holds (status rate_limited). */
    rateLimitedUntil: timestamp("rate_limited_until", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("connections_workspace_brand_provider_key").on(t.workspaceId, t.brandId, t.provider),
    index("connections_brand_idx").on(t.brandId),
    index("connections_account_subject_idx").on(t.accountSubject),
    check("connections_provider_check", oneOf("provider", connectorProviders)),
    check("connections_status_check", oneOf("status", connectorStatuses)),
  ],
);

/** What a connector read of one channel: its title and audience, or why it could not be read. */
export const connectedChannels = pgTable(
  "connected_channels",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    title: text("title"),
    subscribers: integer("subscribers"),
    /** Instagram: the account's number of posts (media_count). */
    mediaCount: integer("media_count"),
    problem: text("problem"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("connected_channels_connection_brand_key").on(t.connectionId, t.brandId)],
);

/**
 * A YouTube creator search made for a brand (modules/connectors/youtube-sync.job.ts): whether the brand is due one
 * (weekly, even when a search found nothing) and, on the quota day it was made, how many searches the workspace has
 * made with the operator's key, which are capped per workspace (YOUTUBE_OPERATOR_SEARCHES_PER_DAY).
 */
export const creatorSearches = pgTable(
  "creator_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...brandOwnerColumns(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull(),
    /** YouTube's quota day of the search (YYYY-MM-DD, Pacific time: connectors/youtube-quota.ts). */
    quotaDay: date("quota_day", { mode: "string" }).notNull(),
    /** The operator's key (shared by every workspace) or the workspace's own. */
    keySource: text("key_source", { enum: ["workspace", "operator"] }).notNull(),
    channels: integer("channels").notNull(),
  },
  (t) => [
    index("creator_searches_workspace_day_idx").on(t.workspaceId, t.quotaDay),
    index("creator_searches_brand_idx").on(t.brandId, t.searchedAt),
    check("creator_searches_key_source_check", oneOf("key_source", ["workspace", "operator"])),
  ],
);
