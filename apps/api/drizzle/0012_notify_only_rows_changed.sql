-- A statement that changed no row (a DELETE … WHERE that matched nothing) no longer notifies: the reads kept in
-- memory (src/modules/analytics/read-model/read-model.ts) are forgotten only for a real change. A transition table
-- holds the rows a statement changed, and PostgreSQL allows one only on a trigger of a single event: one trigger
-- per event and table.
CREATE FUNCTION "notify_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM pg_notify('brandscope_data_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['brands', 'workspace_brands', 'brand_competitors', 'social_accounts', 'imports', 'figures', 'personas', 'subscriptions', 'influencers', 'influencer_scores', 'keywords'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_notify_change', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed()',
      t || '_notify_insert', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed()',
      t || '_notify_update', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed()',
      t || '_notify_delete', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()',
      t || '_notify_truncate', t);
  END LOOP;
END
$$;
