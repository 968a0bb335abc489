import { defineConfig } from "drizzle-kit";

// Only `generate` is used: it diffs the schema against drizzle/meta, so it needs no database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
