import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./accounts.schema";

/**
 * The workspace's custom branding (issue 18, docs/decisions.md "Custom branding"). A row of its own rather than
 * columns on workspaces: it is kept whatever the plan, and whether it applies is the plan's question, asked when
 * it is read.
 */
export const workspaceBranding = pgTable(
  "workspace_branding",
  {
    workspaceId: uuid("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Storage key of the re-encoded logo (`logos/<workspace>-<hash>.webp`). */
    logo: text("logo"),
    /** `#rrggbb`, lower case, checked for contrast when set. */
    accentColor: text("accent_color"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("workspace_branding_accent_color_check", sql`${t.accentColor} ~ '^#[0-9a-f]{6}$'`)],
);
