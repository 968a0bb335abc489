ALTER TABLE "keywords" ADD COLUMN "volume_low" integer;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "volume_high" integer;