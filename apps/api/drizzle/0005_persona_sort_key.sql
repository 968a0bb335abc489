DROP INDEX "personas_brand_name_idx";--> statement-breakpoint
-- Existing personas get a provisional key; the next computation of their brand writes the folded one.
ALTER TABLE "personas" ADD COLUMN "sort_key" text;--> statement-breakpoint
UPDATE "personas" SET "sort_key" = lower("name");--> statement-breakpoint
ALTER TABLE "personas" ALTER COLUMN "sort_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "personas_brand_sort_key_idx" ON "personas" USING btree ("brand_id","sort_key","id");
