import type { Db } from "../src/db/client";
import { followerSnapshots } from "../src/db/schema";

/** A brand's Instagram follower counts on the days given, as an export would store them. */
export function seedInstagramFollowers(db: Db, brandId: string, counts: [string, number][]) {
  return db.insert(followerSnapshots).values(
    counts.map(([day, followers]) => ({
      brandId,
      platform: "instagram" as const,
      day,
      followers,
      source: "csv_import" as const,
    })),
  );
}
