import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users, workspaces } from "./accounts.schema";
import { alerts } from "./alerts.schema";
import { createdAt, oneOf } from "./columns";

/**
 * Alert delivery outside the app (issue 31, alerts: docs/alerts.md "E-mail" and "Slack and Microsoft Teams"): which alerts each
 * member was e-mailed, the workspace's chat webhooks and the chat messages still to post.
 */

/**
 * One row per alert e-mailed to a member, written in the transaction that puts the e-mail in the outbox: its key
 * (alert, member) keeps an alert to one e-mail per member, whatever the number of runs or instances.
 */
export const alertEmailSends = pgTable(
  "alert_email_sends",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.userId] }),
    index("alert_email_sends_user_id_idx").on(t.userId),
  ],
);

export const alertChannelKinds = ["slack", "teams"] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

/**
 * A workspace's chat webhook (admins): a Slack incoming webhook or a Microsoft Teams workflow. The URL is a
 * credential (whoever holds it posts to the channel), so it is sealed (lib/crypto.ts, db/sealed-values.repo.ts);
 * `urlHint` (its host and last characters) is what the settings show.
 */
export const alertChannels = pgTable(
  "alert_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: alertChannelKinds }).notNull(),
    sealedUrl: text("sealed_url").notNull(),
    urlHint: text("url_hint").notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alert_channels_workspace_kind_key").on(t.workspaceId, t.kind),
    check("alert_channels_kind_check", oneOf("kind", alertChannelKinds)),
  ],
);

/**
 * A run of alerts (`batchId`) to post to one of the workspace's chats: written with the alerts, in their
 * transaction, so none is lost; posted by the `deliver-alerts` job, tried again with back-off until it is taken, or
 * given up after three days of failures (`givenUpAt`), kept so the channel's settings say how many runs it missed.
 */
export const alertChannelDeliveries = pgTable(
  "alert_channel_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: alertChannelKinds }).notNull(),
    batchId: uuid("batch_id").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    givenUpAt: timestamp("given_up_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alert_channel_deliveries_batch_key").on(t.workspaceId, t.kind, t.batchId),
    index("alert_channel_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`),
    check("alert_channel_deliveries_kind_check", oneOf("kind", alertChannelKinds)),
  ],
);
