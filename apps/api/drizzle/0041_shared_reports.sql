CREATE TABLE "shared_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"module" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_reports_module_check" CHECK ("module" in ('content', 'competitors', 'audience', 'influencers', 'intent')),
	CONSTRAINT "shared_reports_days_check" CHECK ("shared_reports"."from_day" <= "shared_reports"."to_day")
);
--> statement-breakpoint
ALTER TABLE "shared_reports" ADD CONSTRAINT "shared_reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_reports" ADD CONSTRAINT "shared_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_reports" ADD CONSTRAINT "shared_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shared_reports_token_hash_key" ON "shared_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shared_reports_workspace_idx" ON "shared_reports" USING btree ("workspace_id","created_at");