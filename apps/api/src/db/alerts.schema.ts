import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users, workspaces } from "./accounts.schema";
import { brands } from "./brand-data.schema";
import { oneOf } from "./columns";

/** The alert rules (issue 31, alerts, docs/alerts.md), each judged after a brand's figures are recomputed. */
export const alertRules = [
  "engagement",
  "competitor_breakout",
  "followers",
  "search_clicks",
  "source_failing",
  "plan_limit",
] as const;
export type AlertRule = (typeof alertRules)[number];

export const alertSensitivities = ["low", "medium", "high"] as const;
export type AlertSensitivity = (typeof alertSensitivities)[number];

/** How a member gets alerts by e-mail: never, one message per alert run, or bundled once an hour. */
export const alertEmailChoices = ["off", "instant", "hourly"] as const;
export type AlertEmailChoice = (typeof alertEmailChoices)[number];

/** A workspace's choice for one rule (admins); no row: on, at medium sensitivity. */
export const alertRuleSettings = pgTable(
  "alert_rule_settings",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    rule: text("rule", { enum: alertRules }).notNull(),
    enabled: boolean("enabled").notNull(),
    sensitivity: text("sensitivity", { enum: alertSensitivities }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.rule] }),
    check("alert_rule_settings_rule_check", oneOf("rule", alertRules)),
    check("alert_rule_settings_sensitivity_check", oneOf("sensitivity", alertSensitivities)),
  ],
);

/** A member's own alert choices: the rules they muted and how they get alerts by e-mail; no row: none muted, off. */
export const alertMemberSettings = pgTable(
  "alert_member_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedRules: jsonb("muted_rules").$type<AlertRule[]>().notNull().default(sql`'[]'::jsonb`),
    email: text("email", { enum: alertEmailChoices }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("alert_member_settings_email_check", oneOf("email", alertEmailChoices))],
);

/**
 * One alert of a workspace: what fired, about which brand (null for the workspace's plan), the period of the figure
 * it links to, and the run (`batchId`) it fired in, so that many firing at once are shown as one group. `subject` names
 * the event (stored once per workspace and rule), `coolDownKey` what the rule's cool-down is kept on (docs/alerts.md).
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "cascade" }),
    rule: text("rule", { enum: alertRules }).notNull(),
    subject: text("subject").notNull(),
    coolDownKey: text("cool_down_key").notNull(),
    batchId: uuid("batch_id").notNull(),
    title: text("title").notNull(),
    detail: text("detail").notNull(),
    /** The app's path (with its query) to the figure at its period. */
    link: text("link").notNull(),
    periodFrom: date("period_from", { mode: "string" }),
    periodTo: date("period_to", { mode: "string" }),
    firedAt: timestamp("fired_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("alerts_workspace_fired_idx").on(t.workspaceId, t.firedAt),
    uniqueIndex("alerts_event_key").on(
      t.workspaceId,
      t.rule,
      t.subject,
      sql`coalesce(${t.brandId}::text, '')`,
    ),
    index("alerts_cool_down_idx").on(t.workspaceId, t.rule, t.coolDownKey, t.firedAt),
    index("alerts_brand_id_idx").on(t.brandId),
    check("alerts_rule_check", oneOf("rule", alertRules)),
  ],
);

/** Which alerts a member has read: read state is each member's own. */
export const alertReads = pgTable(
  "alert_reads",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] }), index("alert_reads_user_id_idx").on(t.userId)],
);
