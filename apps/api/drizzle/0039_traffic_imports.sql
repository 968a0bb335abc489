ALTER TABLE "traffic_months" ALTER COLUMN "visits" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_months" ALTER COLUMN "search_visits" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_months" ALTER COLUMN "pages_per_visit" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_months" ALTER COLUMN "avg_duration" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_months" ALTER COLUMN "backlinks" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_months" ADD COLUMN "engaged_sessions" integer;--> statement-breakpoint
ALTER TABLE "traffic_months" ADD COLUMN "engagement_seconds" double precision;--> statement-breakpoint
ALTER TABLE "traffic_months" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "traffic_months" ADD CONSTRAINT "traffic_months_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_months_import_idx" ON "traffic_months" USING btree ("import_id") WHERE "traffic_months"."import_id" is not null;