CREATE TABLE "saml_used_assertions" (
	"issuer" text NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_used_assertions_issuer_assertion_id_pk" PRIMARY KEY("issuer","assertion_id")
);
--> statement-breakpoint
CREATE INDEX "saml_used_assertions_expires_at_idx" ON "saml_used_assertions" USING btree ("expires_at");