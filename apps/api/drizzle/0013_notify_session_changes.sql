-- A bearer is accepted while its session is live and its user confirmed in the workspace it names: the read model
-- keeps that check in memory (src/modules/auth/sessions.repo.ts liveSessionStatement), so every change that can
-- end a session is notified like the module reads' tables (0012): a session updated (revoked) or deleted, a user
-- deleted or changing status or workspace. A new row never ends a session, and a profile edit does not either.
CREATE FUNCTION "notify_user_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.workspace_id IS DISTINCT FROM o.workspace_id
  ) THEN
    PERFORM pg_notify('brandscope_data_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_user_access_changed();
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sessions', 'users'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed()',
      t || '_notify_delete', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()',
      t || '_notify_truncate', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_update" AFTER UPDATE ON "sessions" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
