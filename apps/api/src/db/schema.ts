import { integer, pgTable, text } from "drizzle-orm/pg-core";

/** The fixed list of industries a brand or a user can pick; seeded by a migration, shown by position. */
export const industries = pgTable("industries", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  position: integer("position").notNull(),
});
