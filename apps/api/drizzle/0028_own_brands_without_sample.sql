-- The sample data set belongs to the sample workspace (docs/decisions.md "Brand data and provenance"): a brand of
-- one's own is no longer ranked against the sample's generated creators nor matched with the industries' keywords,
-- which exist only in the sample. The compute job now leaves them out; this removes what it stored before.
-- The brand's influencer ranking, without the sample's creators.
DELETE FROM "influencer_scores" s USING "brands" b, "influencers" i
  WHERE s."brand_id" = b."id" AND NOT b."sample" AND i."id" = s."influencer_id" AND i."source" = 'sample';--> statement-breakpoint
-- Each persona's shortlist of influencers and its keywords, kept to the brand's own.
UPDATE "personas" p SET "details" = jsonb_set(jsonb_set(p."details",
    '{influencers}', coalesce((SELECT jsonb_agg(x ORDER BY n) FROM jsonb_array_elements(p."details" -> 'influencers')
      WITH ORDINALITY AS e(x, n)
      WHERE NOT EXISTS (SELECT 1 FROM "influencers" i WHERE i."id"::text = x ->> 'id' AND i."source" = 'sample')),
      '[]'::jsonb)),
    '{keywords}', coalesce((SELECT jsonb_agg(x ORDER BY n) FROM jsonb_array_elements(p."details" -> 'keywords')
      WITH ORDINALITY AS e(x, n)
      WHERE EXISTS (SELECT 1 FROM "keywords" k WHERE k."brand_id" = p."brand_id"
        AND lower(k."keyword") = lower(x ->> 'keyword'))),
      '[]'::jsonb))
  FROM "brands" b WHERE b."id" = p."brand_id" AND NOT b."sample";--> statement-breakpoint
-- The stored counts and cost per click of the dashboard: the reads count them afresh until the next recompute.
DELETE FROM "figures" f USING "brands" b
  WHERE f."brand_id" = b."id" AND NOT b."sample" AND f."module" = 'dashboard' AND f."period_key" = 'all';
