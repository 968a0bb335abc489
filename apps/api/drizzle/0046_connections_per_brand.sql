-- Each brand has its own connections (issue 29, "Per brand"). A connection of a workspace goes to the brand it has been
-- writing to: the workspace's newest brand (the latest workspace_brands row, as findCurrentBrand chose it without
-- X-Brand-Id). A connection of a workspace without any brand wrote nowhere and is removed.
DROP INDEX "connections_workspace_provider_key";--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
UPDATE "connections" AS c SET "brand_id" = (
  SELECT wb."brand_id" FROM "workspace_brands" AS wb
  WHERE wb."workspace_id" = c."workspace_id"
  ORDER BY wb."created_at" DESC
  LIMIT 1
);--> statement-breakpoint
DELETE FROM "connections" WHERE "brand_id" IS NULL;--> statement-breakpoint
ALTER TABLE "connections" ALTER COLUMN "brand_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "connector_authorizations" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_authorizations" ADD CONSTRAINT "connector_authorizations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_workspace_brand_provider_key" ON "connections" USING btree ("workspace_id","brand_id","provider");--> statement-breakpoint
CREATE INDEX "connections_brand_idx" ON "connections" USING btree ("brand_id");
