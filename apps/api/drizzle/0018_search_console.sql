CREATE TABLE "connector_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"provider" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connector_authorizations_provider_check" CHECK ("provider" in ('youtube', 'search_console'))
);
--> statement-breakpoint
ALTER TABLE "connections" DROP CONSTRAINT "connections_provider_check";--> statement-breakpoint
ALTER TABLE "connections" DROP CONSTRAINT "connections_status_check";--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "clicks" integer;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "impressions" integer;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "ctr" double precision;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "position" double precision;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "property" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "properties" jsonb;--> statement-breakpoint
ALTER TABLE "connector_authorizations" ADD CONSTRAINT "connector_authorizations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_authorizations" ADD CONSTRAINT "connector_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_authorizations_expires_at_idx" ON "connector_authorizations" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_provider_check" CHECK ("provider" in ('youtube', 'search_console'));--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_status_check" CHECK ("status" in ('reading', 'connected', 'quota_exhausted', 'key_rejected', 'token_expired', 'no_access', 'choose_property', 'error'));