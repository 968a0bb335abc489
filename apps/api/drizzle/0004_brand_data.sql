-- Trigram search over keywords, personas and influencers (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "audience_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"age_band" text NOT NULL,
	"gender" text NOT NULL,
	"country" text NOT NULL,
	"interests" jsonb NOT NULL,
	"platform_affinity" jsonb NOT NULL,
	"size" integer NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_competitors" (
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"competitor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_competitors_workspace_id_brand_id_competitor_id_pk" PRIMARY KEY("workspace_id","brand_id","competitor_id")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"name" text NOT NULL,
	"website" text NOT NULL,
	"country" text,
	"industry" text,
	"logo" text,
	"description" text,
	"sample" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"data_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_status_check" CHECK ("status" in ('pending', 'in-progress', 'active', 'error')),
	CONSTRAINT "brands_sample_shared_check" CHECK (not "brands"."sample" or "brands"."workspace_id" is null)
);
--> statement-breakpoint
CREATE TABLE "figures" (
	"brand_id" uuid NOT NULL,
	"module" text NOT NULL,
	"period_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"data_as_of" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "figures_brand_id_module_period_key_pk" PRIMARY KEY("brand_id","module","period_key")
);
--> statement-breakpoint
CREATE TABLE "follower_snapshots" (
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"followers" integer NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "follower_snapshots_brand_id_platform_day_pk" PRIMARY KEY("brand_id","platform","day")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"rows" integer NOT NULL,
	"imported" integer NOT NULL,
	"errors" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_status_check" CHECK ("status" in ('completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "influencer_scores" (
	"brand_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"score" double precision NOT NULL,
	"fit" double precision,
	"persona_id" uuid,
	CONSTRAINT "influencer_scores_brand_id_influencer_id_pk" PRIMARY KEY("brand_id","influencer_id")
);
--> statement-breakpoint
CREATE TABLE "influencer_snapshots" (
	"influencer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"followers" integer NOT NULL,
	CONSTRAINT "influencer_snapshots_influencer_id_day_pk" PRIMARY KEY("influencer_id","day")
);
--> statement-breakpoint
CREATE TABLE "influencers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"country" text,
	"industry" text,
	"topics" text[] NOT NULL,
	"followers" integer NOT NULL,
	"url" text NOT NULL,
	"avatar" text,
	"audience" jsonb,
	"recent_posts" jsonb NOT NULL,
	"engagement_rate" double precision,
	"er_percentile" double precision,
	"authenticity" double precision,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid,
	"industry" text,
	"country" text NOT NULL,
	"keyword" text NOT NULL,
	"currency" text NOT NULL,
	"cpc" double precision,
	"competition" double precision,
	"volume" integer,
	"trend" integer[] NOT NULL,
	"trend_start" date,
	"intent" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"name" text NOT NULL,
	"age_min" integer NOT NULL,
	"age_max" integer NOT NULL,
	"gender" text NOT NULL,
	"interests" text[] NOT NULL,
	"platforms" text[] NOT NULL,
	"size" integer NOT NULL,
	"share" double precision NOT NULL,
	"engagement_rate" double precision,
	"country" text,
	"industry" text,
	"vector" jsonb NOT NULL,
	"details" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"format" text NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"shares" integer,
	"views" integer,
	"source" text NOT NULL,
	"import_id" uuid,
	CONSTRAINT "posts_platform_check" CHECK ("platform" in ('facebook', 'instagram', 'youtube', 'tiktok', 'linkedin', 'twitter'))
);
--> statement-breakpoint
CREATE TABLE "sample_loads" (
	"id" integer PRIMARY KEY NOT NULL,
	"seed" integer NOT NULL,
	"version" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text,
	"url" text NOT NULL,
	CONSTRAINT "social_accounts_platform_check" CHECK ("platform" in ('facebook', 'instagram', 'youtube', 'tiktok', 'linkedin', 'twitter'))
);
--> statement-breakpoint
CREATE TABLE "traffic_months" (
	"brand_id" uuid NOT NULL,
	"month" date NOT NULL,
	"country" text NOT NULL,
	"visits" integer NOT NULL,
	"search_visits" integer NOT NULL,
	"pages_per_visit" double precision NOT NULL,
	"avg_duration" double precision NOT NULL,
	"backlinks" integer NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "traffic_months_brand_id_month_country_pk" PRIMARY KEY("brand_id","month","country")
);
--> statement-breakpoint
CREATE TABLE "workspace_brands" (
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_brands_workspace_id_brand_id_pk" PRIMARY KEY("workspace_id","brand_id")
);
--> statement-breakpoint
ALTER TABLE "audience_segments" ADD CONSTRAINT "audience_segments_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_competitors" ADD CONSTRAINT "brand_competitors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_competitors" ADD CONSTRAINT "brand_competitors_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_competitors" ADD CONSTRAINT "brand_competitors_competitor_id_brands_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figures" ADD CONSTRAINT "figures_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_snapshots" ADD CONSTRAINT "follower_snapshots_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_scores" ADD CONSTRAINT "influencer_scores_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_scores" ADD CONSTRAINT "influencer_scores_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_snapshots" ADD CONSTRAINT "influencer_snapshots_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_months" ADD CONSTRAINT "traffic_months_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_brands" ADD CONSTRAINT "workspace_brands_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_brands" ADD CONSTRAINT "workspace_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_segments_brand_id_idx" ON "audience_segments" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "brand_competitors_competitor_id_idx" ON "brand_competitors" USING btree ("competitor_id");--> statement-breakpoint
CREATE INDEX "brands_workspace_id_idx" ON "brands" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "imports_workspace_created_idx" ON "imports" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "influencer_scores_brand_score_idx" ON "influencer_scores" USING btree ("brand_id","score" DESC NULLS LAST,"influencer_id");--> statement-breakpoint
CREATE INDEX "influencers_industry_idx" ON "influencers" USING btree ("industry","platform");--> statement-breakpoint
CREATE INDEX "influencers_name_trgm_idx" ON "influencers" USING gin (lower("name" || ' ' || "handle") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_owner_country_keyword_key" ON "keywords" USING btree (coalesce("brand_id", '00000000-0000-0000-0000-000000000000'::uuid),"country",lower("keyword"));--> statement-breakpoint
CREATE INDEX "keywords_industry_country_volume_idx" ON "keywords" USING btree ("industry","country","volume" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "keywords_brand_id_idx" ON "keywords" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "keywords_keyword_trgm_idx" ON "keywords" USING gin (lower("keyword") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "personas_brand_name_idx" ON "personas" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "personas_name_trgm_idx" ON "personas" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "posts_brand_platform_url_key" ON "posts" USING btree ("brand_id","platform","url");--> statement-breakpoint
CREATE INDEX "posts_brand_posted_at_idx" ON "posts" USING btree ("brand_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_brand_platform_key" ON "social_accounts" USING btree ("brand_id","platform");--> statement-breakpoint
CREATE INDEX "workspace_brands_brand_id_idx" ON "workspace_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "workspace_brands_workspace_created_idx" ON "workspace_brands" USING btree ("workspace_id","created_at");