-- btree_gin lets a GIN index hold the country beside the trigrams (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "keywords_keyword_trgm_idx";--> statement-breakpoint
CREATE INDEX "keywords_country_keyword_trgm_idx" ON "keywords" USING gin ("country",lower("keyword") gin_trgm_ops);
