import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { influencerScores, influencers, keywords } from "../../db/schema";

/** Scored influencers of the brand per platform, industry and both, and in all (grouping sets). */
export function countInfluencersByFilter(db: Queryable, p: { brandId: string }) {
  return db
    .select({
      platform: influencers.platform,
      industry: influencers.industry,
      anyPlatform: sql<number>`grouping(${influencers.platform})`,
      anyIndustry: sql<number>`grouping(${influencers.industry})`,
      n: sql<number>`count(*)::int`,
    })
    .from(influencerScores)
    .innerJoin(influencers, eq(influencers.id, influencerScores.influencerId))
    .where(eq(influencerScores.brandId, p.brandId))
    .groupBy(
      sql`grouping sets ((), (${influencers.platform}), (${influencers.industry}), (${influencers.platform}, ${influencers.industry}))`,
    );
}

const count = sql<number>`count(*)::int`;

/** The brand's scored influencers, and those whose audience fits one of its personas at least `strongFit`. */
export async function countScoredInfluencers(db: Queryable, p: { brandId: string; strongFit: number }) {
  const [row] = await db
    .select({
      n: count,
      strong: sql<number>`count(*) filter (where ${gte(influencerScores.fit, p.strongFit)})::int`,
    })
    .from(influencerScores)
    .where(eq(influencerScores.brandId, p.brandId));
  return { n: row?.n ?? 0, strong: row?.strong ?? 0 };
}

/**
 * Cost per click and volume of the brand's keywords and, for the sample brand with an industry, the industry's
 * (which exist only in the sample data set).
 */
export function findKeywordCpcs(
  db: Queryable,
  p: { brandId: string; industry: string | null; sample: boolean },
) {
  return db
    .select({
      cpc: keywords.cpc,
      volume: keywords.volume,
      volumeLow: keywords.volumeLow,
      currency: keywords.currency,
    })
    .from(keywords)
    .where(
      p.sample && p.industry
        ? sql`(${keywords.brandId} = ${p.brandId} or (${and(isNull(keywords.brandId), eq(keywords.industry, p.industry))}))`
        : eq(keywords.brandId, p.brandId),
    );
}
