import { pgTable, text } from "drizzle-orm/pg-core";
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
