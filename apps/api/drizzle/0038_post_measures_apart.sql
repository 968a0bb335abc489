ALTER TABLE "posts" ADD COLUMN "plays" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "impressions" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reach" integer;--> statement-breakpoint
-- LinkedIn and X exports stored their impressions as views before this migration: moved to where they belong.
UPDATE "posts" SET "impressions" = "views", "views" = NULL WHERE "source" = 'csv_import' AND "platform" IN ('linkedin', 'twitter') AND "views" IS NOT NULL;