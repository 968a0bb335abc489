CREATE TABLE "pending_invitations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"invitation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "pending_invitations" ADD CONSTRAINT "pending_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invitations" ADD CONSTRAINT "pending_invitations_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('owner', 'admin', 'member'));--> statement-breakpoint
-- The bearer check now also reads the user's role (src/http/role-guard.ts): a role change is notified like a change
-- of status or workspace (0013), so a demoted admin's next call is held to the new role.
CREATE OR REPLACE FUNCTION "notify_user_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.workspace_id IS DISTINCT FROM o.workspace_id
      OR n.role IS DISTINCT FROM o.role
  ) THEN
    PERFORM pg_notify('brandscope_data_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
