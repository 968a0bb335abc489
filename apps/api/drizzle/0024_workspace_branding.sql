CREATE TABLE "workspace_branding" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"logo" text,
	"accent_color" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_branding_accent_color_check" CHECK ("workspace_branding"."accent_color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "workspace_branding" ADD CONSTRAINT "workspace_branding_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;