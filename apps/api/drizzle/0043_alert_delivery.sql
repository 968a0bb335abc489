CREATE TABLE "alert_channel_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"batch_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_channel_deliveries_kind_check" CHECK ("kind" in ('slack', 'teams'))
);
--> statement-breakpoint
CREATE TABLE "alert_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sealed_url" text NOT NULL,
	"url_hint" text NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_channels_kind_check" CHECK ("kind" in ('slack', 'teams'))
);
--> statement-breakpoint
CREATE TABLE "alert_email_sends" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_email_sends_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "alert_channel_deliveries" ADD CONSTRAINT "alert_channel_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_email_sends" ADD CONSTRAINT "alert_email_sends_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_email_sends" ADD CONSTRAINT "alert_email_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channel_deliveries_batch_key" ON "alert_channel_deliveries" USING btree ("workspace_id","kind","batch_id");--> statement-breakpoint
CREATE INDEX "alert_channel_deliveries_due_idx" ON "alert_channel_deliveries" USING btree ("next_attempt_at") WHERE "alert_channel_deliveries"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channels_workspace_kind_key" ON "alert_channels" USING btree ("workspace_id","kind");--> statement-breakpoint
CREATE INDEX "alert_email_sends_user_id_idx" ON "alert_email_sends" USING btree ("user_id");