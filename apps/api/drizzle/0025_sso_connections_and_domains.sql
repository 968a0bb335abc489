CREATE TABLE "pending_sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"saml_request_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_sso_logins_protocol_check" CHECK ("protocol" in ('oidc', 'saml'))
);
--> statement-breakpoint
CREATE TABLE "sso_connections" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_sealed_client_secret" text,
	"saml_metadata_xml" text,
	"saml_metadata_url" text,
	"require_sso" boolean DEFAULT false NOT NULL,
	"jit_provisioning" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_connections_protocol_check" CHECK ("protocol" in ('oidc', 'saml'))
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_sso_logins" ADD CONSTRAINT "pending_sso_logins_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_sso_logins_state_hash_key" ON "pending_sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "pending_sso_logins_expires_at_idx" ON "pending_sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_workspace_domain_key" ON "sso_domains" USING btree ("workspace_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_domain_key" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" is not null;