import { check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./accounts.schema";
import { brands } from "./brand-data.schema";
import { createdAt, oneOf } from "./columns";

export const connectorProviders = ["youtube"] as const;
export type ConnectorProvider = (typeof connectorProviders)[number];

export const connectorStatuses = [
  "reading",
  "connected",
  "quota_exhausted",
  "key_rejected",
  "error",
] as const;
export type ConnectorStatus = (typeof connectorStatuses)[number];

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
    provider: text("provider", { enum: connectorProviders }).notNull(),
    sealedCredential: text("sealed_credential"),
    status: text("status", { enum: connectorStatuses }).notNull(),
    statusReason: text("status_reason"),
    /** The provider's quota day (Pacific time for YouTube) the units below were spent on. */
    quotaDay: date("quota_day"),
    quotaUsed: integer("quota_used").notNull().default(0),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("connections_workspace_provider_key").on(t.workspaceId, t.provider),
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
    problem: text("problem"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("connected_channels_connection_brand_key").on(t.connectionId, t.brandId)],
);
