CREATE TABLE "search_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"query" text NOT NULL,
	"country" text,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"clicks" integer,
	"impressions" integer,
	"ctr" double precision,
	"position" double precision,
	"source" text NOT NULL,
	"import_id" uuid,
	"connection_id" uuid,
	CONSTRAINT "search_queries_source_check" CHECK ("source" in ('csv_import', 'provider')),
	CONSTRAINT "search_queries_period_check" CHECK ("search_queries"."period_from" <= "search_queries"."period_to"),
	CONSTRAINT "search_queries_import_check" CHECK ("search_queries"."source" <> 'csv_import' or "search_queries"."import_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_queries_set_query_key" ON "search_queries" USING btree ("brand_id","source","period_from","period_to",coalesce("country", ''),lower("query"));--> statement-breakpoint
CREATE INDEX "search_queries_workspace_id_idx" ON "search_queries" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "search_queries_import_idx" ON "search_queries" USING btree ("import_id") WHERE "search_queries"."import_id" is not null;--> statement-breakpoint
-- Search Console's queries were stored as keywords whose volume was their impressions (issue 27, part 2): they move to
-- search_queries as the connector's last read (the 28 days ending three days before its last success, as
-- modules/connectors/search-console-sites.ts reads), and the keyword rows that had no other volume go.
INSERT INTO "search_queries" ("workspace_id", "brand_id", "query", "country", "period_from", "period_to", "clicks", "impressions", "ctr", "position", "source", "connection_id")
SELECT b."workspace_id", k."brand_id", k."keyword", k."country",
	(c."last_success_at" AT TIME ZONE 'UTC')::date - 30, (c."last_success_at" AT TIME ZONE 'UTC')::date - 3,
	k."clicks", k."impressions", k."ctr", k."position", 'provider', c."id"
FROM "keywords" k
JOIN "brands" b ON b."id" = k."brand_id" AND b."workspace_id" IS NOT NULL
JOIN "connections" c ON c."workspace_id" = b."workspace_id" AND c."provider" = 'search_console' AND c."last_success_at" IS NOT NULL
WHERE k."source" = 'provider' AND k."impressions" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "keywords" WHERE "source" = 'provider' AND "planned_at" IS NULL AND "impressions" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "keywords" DROP COLUMN "clicks";--> statement-breakpoint
ALTER TABLE "keywords" DROP COLUMN "impressions";--> statement-breakpoint
ALTER TABLE "keywords" DROP COLUMN "ctr";--> statement-breakpoint
ALTER TABLE "keywords" DROP COLUMN "position";