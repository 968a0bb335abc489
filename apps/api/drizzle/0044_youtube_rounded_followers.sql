ALTER TABLE "follower_snapshots" ADD COLUMN "rounded_to" integer;--> statement-breakpoint
-- YouTube subscriber counts read before this migration came from the Data API too: rounded down to three significant figures.
UPDATE "follower_snapshots" SET "rounded_to" = power(10, greatest(length("followers"::text) - 3, 0))::integer WHERE "platform" = 'youtube' AND "source" = 'provider';
