import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users, workspaces } from "./accounts.schema";
import { brands } from "./brand-data.schema";
import { createdAt, oneOf } from "./columns";

export const SHARED_REPORT_MODULES = ["content", "competitors", "audience", "influencers", "intent"] as const;

/**
 * A module's report shared by a link without an account (issue 32, docs/shared-reports.md). Only the token's
 * SHA-256 is kept, as for invitations: the table read by someone else opens no report. Gone with the workspace or
 * the brand; kept when its maker leaves (created_by set null), so the workspace still sees and can revoke it.
 */
export const sharedReports = pgTable(
  "shared_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    module: text("module").notNull().$type<(typeof SHARED_REPORT_MODULES)[number]>(),
    /** The report's days, kept as chosen: the figures are those of these days when the link is opened. */
    fromDay: date("from_day").notNull(),
    toDay: date("to_day").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("shared_reports_token_hash_key").on(t.tokenHash),
    index("shared_reports_workspace_idx").on(t.workspaceId, t.createdAt),
    check("shared_reports_module_check", oneOf("module", SHARED_REPORT_MODULES)),
    check("shared_reports_days_check", sql`${t.fromDay} <= ${t.toDay}`),
  ],
);
