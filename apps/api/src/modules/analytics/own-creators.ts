import type { Db } from "../../db/client";
import { brandTerms, rankOwnCreators } from "./influencers/own-ranking";
import {
  findBrandTopics,
  findPool,
  findPoolOwners,
  refreshMentionedCreators,
  saveRanking,
} from "./own-creators.repo";

/**
 * After a brand's data changed (the compute job): the creator pool of every own brand resting on it (itself, or the
 * own brands following it as a competitor) takes the creators its posts now @mention and is ranked again
 * (docs/analytics-methods.md §4.8).
 */
export async function refreshOwnCreatorPools(db: Db, brandId: string): Promise<void> {
  for (const owner of await findPoolOwners(db, brandId)) {
    await db.transaction(async (tx) => {
      await refreshMentionedCreators(tx, owner);
      const topics = await findBrandTopics(tx, owner.brandId);
      const terms = brandTerms({ ...topics, brandName: owner.name, country: owner.country });
      await saveRanking(tx, owner.brandId, rankOwnCreators(await findPool(tx, owner.brandId), terms));
    });
  }
}
