-- A brand's stored figures are current while computed after its data last changed (brands.data_changed_at, read by
-- src/modules/analytics/module-context.ts). The database keeps that time now, whoever writes the raw rows the
-- figures are computed from: an import, a connector, the website reads, the sample, a writer yet to come. Each
-- statement that changes rows of these tables moves the data_changed_at of the brands its rows belong to, once per
-- statement (a 100,000-row COPY is one update of one brand), from the rows the statement changed (its transition
-- tables). The time is the app's clock, which the figures' computed_at is stamped with: a pool whose clock is not
-- the system's tells each connection its time as it hands it out (src/db/client.ts stampChangesWithClock); without
-- it, the database's own clock. A brand already marked later is left as it is, so an unchanged row notifies nothing.
CREATE FUNCTION "brand_data_changed_at"() RETURNS timestamptz LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(nullif(current_setting('brandscope.clock', true), '')::timestamptz, clock_timestamp())
$$;
--> statement-breakpoint
CREATE FUNCTION "mark_brand_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := brand_data_changed_at();
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE brands SET data_changed_at = at
    WHERE id IN (SELECT DISTINCT brand_id FROM new_rows) AND data_changed_at < at;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE brands SET data_changed_at = at
    WHERE id IN (SELECT DISTINCT brand_id FROM old_rows) AND data_changed_at < at;
  ELSE
    UPDATE brands SET data_changed_at = at
    WHERE id IN (SELECT brand_id FROM new_rows UNION SELECT brand_id FROM old_rows) AND data_changed_at < at;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- website_reads also says when a read was asked for and last ran: only what the figures read of it
-- (src/modules/analytics/brand-data.repo.ts readWebsiteCoverage) changes the brand's data.
CREATE FUNCTION "mark_brand_website_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := brand_data_changed_at();
BEGIN
  UPDATE brands SET data_changed_at = at
  WHERE id IN (
    SELECT n.brand_id FROM new_rows n JOIN old_rows o ON o.brand_id = n.brand_id
    WHERE (n.covered_from, n.dated_by, n.source_url, n.problem) IS DISTINCT FROM
      (o.covered_from, o.dated_by, o.source_url, o.problem)
  ) AND data_changed_at < at;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The raw tables the figures job reads (src/modules/analytics/brand-figures.ts loadBrandSeries, the audience and
-- totals of compute-brand.job.ts). Not the tables that job writes (figures, personas, influencer_scores,
-- own_creators, company_mentions): its own writes would mark the figures it stores stale.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['posts', 'follower_snapshots', 'traffic_months', 'keywords', 'audience_segments', 'search_queries', 'website_articles', 'website_reads'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_brand_data_changed()',
      t || '_data_changed_insert', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_brand_data_changed()',
      t || '_data_changed_delete', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      t || '_data_changed_update', t,
      CASE WHEN t = 'website_reads' THEN 'mark_brand_website_coverage_changed' ELSE 'mark_brand_data_changed' END);
  END LOOP;
END
$$;
