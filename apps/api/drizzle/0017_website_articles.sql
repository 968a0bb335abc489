CREATE TABLE "website_articles" (
	"brand_id" uuid NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"dated_by" text NOT NULL,
	CONSTRAINT "website_articles_brand_id_url_pk" PRIMARY KEY("brand_id","url"),
	CONSTRAINT "website_articles_dated_by_check" CHECK ("dated_by" in ('feed', 'sitemap'))
);
--> statement-breakpoint
CREATE TABLE "website_reads" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"source_url" text,
	"dated_by" text,
	"covered_from" timestamp with time zone,
	"articles" integer DEFAULT 0 NOT NULL,
	"problem" text,
	CONSTRAINT "website_reads_dated_by_check" CHECK ("dated_by" in ('feed', 'sitemap'))
);
--> statement-breakpoint
ALTER TABLE "website_articles" ADD CONSTRAINT "website_articles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_reads" ADD CONSTRAINT "website_reads_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_articles_brand_published_idx" ON "website_articles" USING btree ("brand_id","published_at");