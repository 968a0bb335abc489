-- Existing scores take their influencer's platform, which never changes for a profile.
ALTER TABLE "influencer_scores" ADD COLUMN "platform" text;--> statement-breakpoint
UPDATE "influencer_scores" s SET "platform" = i."platform" FROM "influencers" i WHERE i."id" = s."influencer_id";--> statement-breakpoint
ALTER TABLE "influencer_scores" ALTER COLUMN "platform" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "influencer_scores_brand_platform_score_idx" ON "influencer_scores" USING btree ("brand_id","platform","score" DESC NULLS LAST,"influencer_id");
