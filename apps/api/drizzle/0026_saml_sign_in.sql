CREATE TABLE "saml_used_assertions" (
	"issuer" text NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_used_assertions_issuer_assertion_id_pk" PRIMARY KEY("issuer","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "sso_handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"workspace_id" uuid,
	"browser_hash" text,
	"email" text,
	"subject" text,
	"refusal" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_sso_logins" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp" jsonb;--> statement-breakpoint
ALTER TABLE "sso_handoffs" ADD CONSTRAINT "sso_handoffs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_used_assertions_expires_at_idx" ON "saml_used_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_handoffs_code_hash_key" ON "sso_handoffs" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sso_handoffs_expires_at_idx" ON "sso_handoffs" USING btree ("expires_at");