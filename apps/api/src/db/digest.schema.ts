import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.schema";
import { brands } from "./brand-data.schema";
import { createdAt, oneOf } from "./columns";

/** The member and the brand a digest row is about; both rows go with the member or the brand. */
const memberAndBrand = () => ({
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  brandId: uuid("brand_id")
    .notNull()
    .references(() => brands.id, { onDelete: "cascade" }),
});

/**
 * A member's weekly digest of one brand (issue 31, docs/digest.md): whether it is sent and when, in the member's
 * own time zone (users.time_zone). No row means the default: on for the workspace's owner, off for everyone else,
 * on Monday at 8.
 */
export const digestPreferences = pgTable(
  "digest_preferences",
  {
    ...memberAndBrand(),
    enabled: boolean("enabled").notNull(),
    /** ISO weekday, 1 = Monday. */
    weekday: integer("weekday").notNull(),
    /** The hour of the member's local day, 0–23. */
    hour: integer("hour").notNull(),
    /** The week's report as a PDF attached to the digest (issue 32, the PDF): off unless the member asks. */
    attachPdf: boolean("attach_pdf").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.brandId] }),
    index("digest_preferences_brand_id_idx").on(t.brandId),
    check("digest_preferences_weekday_check", sql`${t.weekday} between 1 and 7`),
    check("digest_preferences_hour_check", sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * `digest`: the week's figures were sent; `nothing-new`: the week had no data and the member was told why, once;
 * `silent`: another such week, recorded so the hourly runs pass it by, with nothing sent.
 */
export const digestKinds = ["digest", "nothing-new", "silent"] as const;
export type DigestKind = (typeof digestKinds)[number];

/**
 * One row per digest queued: its key (member, brand, week) is the primary key, so two schedulers, or one started
 * again half-way, queue it once. Written in the transaction that puts the message in the outbox.
 */
export const digestSends = pgTable(
  "digest_sends",
  {
    ...memberAndBrand(),
    /** Monday of the member's local ISO week the digest belongs to. */
    week: date("week", { mode: "string" }).notNull(),
    kind: text("kind", { enum: digestKinds }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.brandId, t.week] }),
    index("digest_sends_brand_id_idx").on(t.brandId),
    check("digest_sends_kind_check", oneOf("kind", digestKinds)),
  ],
);
