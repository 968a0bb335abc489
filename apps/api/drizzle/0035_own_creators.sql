CREATE TABLE "own_creators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"name" text,
	"url" text,
	"followers" integer,
	"description" text,
	"country" text,
	"engagement_rate" double precision,
	"recent_titles" text[] DEFAULT '{}'::text[] NOT NULL,
	"origin" text NOT NULL,
	"import_id" uuid,
	"mentions" integer DEFAULT 0 NOT NULL,
	"score" double precision,
	"topic_match" double precision,
	"matched_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "own_creators_origin_check" CHECK ("origin" in ('creator_list', 'mentioned_in_posts', 'youtube_search', 'instagram_handle'))
);
--> statement-breakpoint
ALTER TABLE "own_creators" ADD CONSTRAINT "own_creators_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_creators" ADD CONSTRAINT "own_creators_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_creators" ADD CONSTRAINT "own_creators_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "own_creators_brand_platform_handle_key" ON "own_creators" USING btree ("brand_id","platform","handle");--> statement-breakpoint
CREATE INDEX "own_creators_brand_score_idx" ON "own_creators" USING btree ("brand_id","score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "own_creators_workspace_idx" ON "own_creators" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "own_creators_import_idx" ON "own_creators" USING btree ("import_id") WHERE "own_creators"."import_id" is not null;