CREATE TABLE "connected_channels" (
	"connection_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"title" text,
	"subscribers" integer,
	"problem" text,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"sealed_credential" text,
	"status" text NOT NULL,
	"status_reason" text,
	"quota_day" date,
	"quota_used" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_provider_check" CHECK ("provider" in ('youtube')),
	CONSTRAINT "connections_status_check" CHECK ("status" in ('reading', 'connected', 'quota_exhausted', 'key_rejected', 'error'))
);
--> statement-breakpoint
ALTER TABLE "connected_channels" ADD CONSTRAINT "connected_channels_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_channels" ADD CONSTRAINT "connected_channels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connected_channels_connection_brand_key" ON "connected_channels" USING btree ("connection_id","brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_workspace_provider_key" ON "connections" USING btree ("workspace_id","provider");