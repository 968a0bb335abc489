ALTER TABLE "pending_social_logins" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "pending_social_logins" ADD COLUMN "family_name" text;