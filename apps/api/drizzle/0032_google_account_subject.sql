ALTER TABLE "connections" ADD COLUMN "account_subject" text;--> statement-breakpoint
CREATE INDEX "connections_account_subject_idx" ON "connections" USING btree ("account_subject");