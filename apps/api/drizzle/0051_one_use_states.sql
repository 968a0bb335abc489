-- One table for every one-use state (src/kernel/one-use-state.ts): the social and single sign-ons' states, the SAML
-- hand-off to the callback page and the connectors' OAuth consents, each kept as a hash of the secret handed to the
-- browser, its payload, the browser it is bound to, its expiry and when it was used; the sweep-one-use-states job
-- deletes the spent ones. The four tables they replace held only states of ten minutes at most and are dropped
-- with them, not copied: a sign-in, hand-off or consent under way during the deploy fails with "This sign-in has
-- expired" (or the Data sources page's state_invalid) and is started again.
CREATE TABLE "one_use_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"browser_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_use_states_kind_check" CHECK ("kind" in ('social-sign-in', 'sso-sign-in', 'saml-handoff', 'connector-consent'))
);
--> statement-breakpoint
DROP TABLE "pending_social_logins" CASCADE;--> statement-breakpoint
DROP TABLE "connector_authorizations" CASCADE;--> statement-breakpoint
DROP TABLE "pending_sso_logins" CASCADE;--> statement-breakpoint
DROP TABLE "sso_handoffs" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "one_use_states_kind_key_hash_key" ON "one_use_states" USING btree ("kind","key_hash");--> statement-breakpoint
CREATE INDEX "one_use_states_expires_at_idx" ON "one_use_states" USING btree ("expires_at");