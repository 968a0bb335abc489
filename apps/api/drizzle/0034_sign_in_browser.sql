ALTER TABLE "pending_social_logins" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "via_sso" boolean DEFAULT false NOT NULL;