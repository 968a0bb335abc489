import { sql } from "drizzle-orm";
import { boolean, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Secrets the app generates for itself when none is configured (the token secret without JWT_SECRET): kept in the
 * database, so every instance on it signs and checks with the same one. Database backups hold them too.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * The credential-encryption keys kept in the database when none is configured (BRANDSCOPE_ENCRYPTION_KEY unset: a
 * try-out, refused by a declared production deployment). One is current, the one new values are sealed with; the
 * others stay to open what they sealed until `npm run keys:rotate` has re-sealed it (docs/operations.md).
 */
export const encryptionKeys = pgTable(
  "encryption_keys",
  {
    /** The id sealed values name the key by (config/keys.ts credentialKey). */
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    current: boolean("current").notNull().default(false),
    /** When every sealed value was re-sealed with this key; null while a rotation to it is unfinished. */
    resealedAt: timestamp("resealed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("encryption_keys_one_current").on(t.current).where(sql`${t.current}`)],
);
