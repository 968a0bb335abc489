ALTER TABLE "connections" DROP CONSTRAINT "connections_provider_check";--> statement-breakpoint
ALTER TABLE "connections" DROP CONSTRAINT "connections_status_check";--> statement-breakpoint
ALTER TABLE "connector_authorizations" DROP CONSTRAINT "connector_authorizations_provider_check";--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "planned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "customers" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_provider_check" CHECK ("provider" in ('youtube', 'search_console', 'instagram', 'google_ads'));--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_status_check" CHECK ("status" in ('reading', 'connected', 'quota_exhausted', 'key_rejected', 'token_expired', 'no_access', 'choose_property', 'rate_limited', 'developer_token_not_approved', 'error'));--> statement-breakpoint
ALTER TABLE "connector_authorizations" ADD CONSTRAINT "connector_authorizations_provider_check" CHECK ("provider" in ('youtube', 'search_console', 'instagram', 'google_ads'));