CREATE TABLE "alert_member_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"muted_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_member_settings_email_check" CHECK ("email" in ('off', 'instant', 'hourly'))
);
--> statement-breakpoint
CREATE TABLE "alert_reads" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_reads_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alert_rule_settings" (
	"workspace_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"enabled" boolean NOT NULL,
	"sensitivity" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rule_settings_workspace_id_rule_pk" PRIMARY KEY("workspace_id","rule"),
	CONSTRAINT "alert_rule_settings_rule_check" CHECK ("rule" in ('engagement', 'competitor_breakout', 'followers', 'search_clicks', 'source_failing', 'plan_limit')),
	CONSTRAINT "alert_rule_settings_sensitivity_check" CHECK ("sensitivity" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid,
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"cool_down_key" text NOT NULL,
	"batch_id" uuid NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"link" text NOT NULL,
	"period_from" date,
	"period_to" date,
	"fired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alerts_rule_check" CHECK ("rule" in ('engagement', 'competitor_breakout', 'followers', 'search_clicks', 'source_failing', 'plan_limit'))
);
--> statement-breakpoint
ALTER TABLE "alert_member_settings" ADD CONSTRAINT "alert_member_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rule_settings" ADD CONSTRAINT "alert_rule_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_reads_user_id_idx" ON "alert_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_workspace_fired_idx" ON "alerts" USING btree ("workspace_id","fired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_event_key" ON "alerts" USING btree ("workspace_id","rule","subject",coalesce("brand_id"::text, ''));--> statement-breakpoint
CREATE INDEX "alerts_cool_down_idx" ON "alerts" USING btree ("workspace_id","rule","cool_down_key","fired_at");--> statement-breakpoint
CREATE INDEX "alerts_brand_id_idx" ON "alerts" USING btree ("brand_id");