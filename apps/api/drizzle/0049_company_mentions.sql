CREATE TABLE "company_mentions" (
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"mentions" integer NOT NULL,
	CONSTRAINT "company_mentions_brand_id_platform_handle_pk" PRIMARY KEY("brand_id","platform","handle")
);
--> statement-breakpoint
ALTER TABLE "company_mentions" ADD CONSTRAINT "company_mentions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The mentions of every company's posts as they stand (the pattern of own-creators.repo.ts MENTION): the creator
-- pools add these up from now on, and a company recomputed later replaces its own.
INSERT INTO "company_mentions" ("brand_id", "platform", "handle", "mentions")
SELECT p.brand_id, p.platform, lower(m[1]), count(DISTINCT p.id)::int
FROM "posts" p
JOIN "brands" b ON b.id = p.brand_id AND NOT b.sample
CROSS JOIN LATERAL regexp_matches(p.text, '(?:^|[^[:alnum:]_.@/])@([[:alnum:]_](?:[[:alnum:]_.]*[[:alnum:]_])?)', 'g') m
GROUP BY 1, 2, 3;
