import type { Db } from "../../db/client";
import { brandTerms, rankOwnCreators } from "./influencers/own-ranking";
import {
  findBrandTopics,
  findPool,
  findPoolOwners,
  refreshCompanyMentions,
  refreshMentionedCreators,
  saveRanking,
} from "./own-creators.repo";

/**
 * After a brand's data changed (the compute job): the brand's @mentions are read anew, and the creator pool of every
 * own brand resting on it takes the creators its posts now @mention and is ranked again
 * (docs/analytics-methods.md §4.8): the brand's own pool always (its keywords and pillars may have moved), those of
 * the own brands following it as a competitor when its mentions changed (nothing else of theirs rests on it).
 */
export async function refreshOwnCreatorPools(db: Db, brand: { id: string; sample: boolean }): Promise<void> {
  // The sample's generated posts are never read for a pool (own-creators.repo.ts refreshMentionedCreators).
  const mentionsChanged = !brand.sample && (await refreshCompanyMentions(db, { brandId: brand.id }));
  for (const owner of await findPoolOwners(db, brand.id)) {
    if (owner.brandId !== brand.id && !mentionsChanged) continue;
    await db.transaction(async (tx) => {
      await refreshMentionedCreators(tx, owner);
      const topics = await findBrandTopics(tx, owner.brandId);
      const terms = brandTerms({ ...topics, brandName: owner.name, country: owner.country });
      await saveRanking(tx, owner.brandId, rankOwnCreators(await findPool(tx, owner.brandId), terms));
    });
  }
}
