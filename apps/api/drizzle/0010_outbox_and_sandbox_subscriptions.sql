CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sandbox_subscriptions_status_check" CHECK ("status" in ('active', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"sealed" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_next_attempt_at_idx" ON "mail_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
-- Sandbox plans paid before the sandbox kept its own subscriptions: the renewal job charges only a recorded one.
INSERT INTO "sandbox_subscriptions" ("id", "customer_id", "status")
SELECT "subscription_id", "customer_id", 'active' FROM "billing_customers"
WHERE "provider" = 'sandbox' AND "subscription_id" IS NOT NULL
ON CONFLICT DO NOTHING;
