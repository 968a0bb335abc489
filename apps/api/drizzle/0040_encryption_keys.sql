CREATE TABLE "encryption_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"resealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "encryption_keys_one_current" ON "encryption_keys" USING btree ("current") WHERE "encryption_keys"."current";