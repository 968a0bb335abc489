ALTER TABLE "posts" ALTER COLUMN "likes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "comments" DROP NOT NULL;