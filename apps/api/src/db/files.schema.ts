import { customType, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL bytea as a Buffer (stored files, pending imports' files). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Uploaded pictures (profile pictures, brand logos) when no S3-compatible storage is configured: every instance
 * on the database serves them at /media/<key>, and a database backup holds them with everything else.
 */
export const storedFiles = pgTable("stored_files", {
  /** The storage key, e.g. `avatars/<user>-<random>.webp`. */
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  body: bytea("body").notNull(),
  /** SHA-256 of the body, hex: the ETag it is served with. */
  sha256: text("sha256").notNull(),
  storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
});
