CREATE TABLE "import_files" (
	"import_id" uuid PRIMARY KEY NOT NULL,
	"reference_date" date NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_status_check";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "first_day" date;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "last_day" date;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_status_check" CHECK ("status" in ('completed', 'failed', 'pending'));