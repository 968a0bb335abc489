ALTER TABLE "connections" DROP CONSTRAINT "connections_status_check";--> statement-breakpoint
UPDATE "connections" SET "status" = 'project_not_approved' WHERE "status" = 'developer_token_not_approved';--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_status_check" CHECK ("status" in ('reading', 'connected', 'quota_exhausted', 'key_rejected', 'token_expired', 'no_access', 'choose_property', 'rate_limited', 'project_not_approved', 'version_sunset', 'error'));
