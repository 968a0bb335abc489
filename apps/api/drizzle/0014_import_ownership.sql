-- Removing an import removes the rows it stored last (src/modules/brand/imports.service.ts deleteImport): posts,
-- follower totals and keywords name their import, and the foreign keys cascade. A post may name an import that
-- went with its workspace while the brand stayed (before this migration nothing kept them in step): it forgets it.
UPDATE "posts" SET "import_id" = NULL
  WHERE "import_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "imports" WHERE "imports"."id" = "posts"."import_id");--> statement-breakpoint
ALTER TABLE "follower_snapshots" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "follower_snapshots" ADD CONSTRAINT "follower_snapshots_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follower_snapshots_import_idx" ON "follower_snapshots" USING btree ("import_id") WHERE "follower_snapshots"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "keywords_import_idx" ON "keywords" USING btree ("import_id") WHERE "keywords"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_import_idx" ON "posts" USING btree ("import_id") WHERE "posts"."import_id" is not null;