CREATE TABLE "creator_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"searched_at" timestamp with time zone NOT NULL,
	"quota_day" date NOT NULL,
	"key_source" text NOT NULL,
	"channels" integer NOT NULL,
	CONSTRAINT "creator_searches_key_source_check" CHECK ("key_source" in ('workspace', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "creator_searches" ADD CONSTRAINT "creator_searches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_searches" ADD CONSTRAINT "creator_searches_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_searches_workspace_day_idx" ON "creator_searches" USING btree ("workspace_id","quota_day");--> statement-breakpoint
CREATE INDEX "creator_searches_brand_idx" ON "creator_searches" USING btree ("brand_id","searched_at");