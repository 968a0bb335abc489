-- Reads answered from memory (src/modules/analytics/read-model/read-model.ts) are forgotten when a table they read
-- changes: every statement that writes one of these tables notifies the channel with the table's name.
-- Statement-level, so a bulk load or an import is one notification, and PostgreSQL folds repeats within a
-- transaction; delivered at commit only.
CREATE FUNCTION "notify_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('brandscope_data_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tables the kept reads read (query-plans.test.ts checks that a kept statement reads no other).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['brands', 'workspace_brands', 'brand_competitors', 'social_accounts', 'imports', 'figures', 'personas', 'subscriptions', 'influencers', 'influencer_scores', 'keywords'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()',
      t || '_notify_change', t);
  END LOOP;
END
$$;
