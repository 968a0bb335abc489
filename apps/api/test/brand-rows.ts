import type { Db } from "../src/db/client";
import { brands, followerSnapshots, workspaceBrands } from "../src/db/schema";

/** One of the workspace's own brands (its newest), active, in GB unless told. */
export async function insertOwnBrand(
  db: Db,
  workspaceId: string,
  { name = "Lumora", website = "https://www.lumora.example/", country = "GB" } = {},
) {
  const [brand] = await db
    .insert(brands)
    .values({ workspaceId, name, website, country, status: "active" })
    .returning();
  if (!brand) throw new Error("no brand");
  await db.insert(workspaceBrands).values({ workspaceId, brandId: brand.id });
  return brand;
}

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
