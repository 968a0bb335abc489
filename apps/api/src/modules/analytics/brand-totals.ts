import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { influencerScores, influencers, keywords, personas } from "../../db/schema";
import type { BrandRow } from "../brand/brand.repo";
import { type CpcSummary, cpcSummary } from "./intent/cpc-summary";

/** An influencer whose audience fits one of the brand's personas at least this well counts as a strong match. */
export const STRONG_FIT = 0.6;

/** Counts the dashboard and the unfiltered lists show, stored by the compute job rather than counted per request. */
export interface BrandTotals {
  personas: number;
  influencers: number;
  strongMatches: number;
  /**
   * Scored influencers per list filter, keyed by influencerCountKey: any platform or industry (`*`), each platform,
   * each industry and each pair. Totals stored before this was added have none.
   */
  influencerCounts?: Record<string, number>;
  /** Volume-weighted cost per click of the brand's keywords, in USD when there are USD keywords. */
  cpc: CpcSummary | null;
}

/** The key of influencerCounts for a list filtered by platform and/or industry. */
export const influencerCountKey = (platform: string | undefined, industry: string | undefined) =>
  `${platform ?? "*"}|${industry ?? "*"}`;

async function influencerCounts(db: Queryable, brandId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({
      platform: influencers.platform,
      industry: influencers.industry,
      anyPlatform: sql<number>`grouping(${influencers.platform})`,
      anyIndustry: sql<number>`grouping(${influencers.industry})`,
      n: sql<number>`count(*)::int`,
    })
    .from(influencerScores)
    .innerJoin(influencers, eq(influencers.id, influencerScores.influencerId))
    .where(eq(influencerScores.brandId, brandId))
    .groupBy(
      sql`grouping sets ((), (${influencers.platform}), (${influencers.industry}), (${influencers.platform}, ${influencers.industry}))`,
    );
  const counts: Record<string, number> = {};
  for (const row of rows) {
    // An influencer without an industry cannot be filtered by one.
    if (!row.anyIndustry && row.industry === null) continue;
    const key = influencerCountKey(
      row.anyPlatform ? undefined : row.platform,
      row.anyIndustry ? undefined : (row.industry ?? undefined),
    );
    counts[key] = row.n;
  }
  return counts;
}

export async function brandTotals(
  db: Queryable,
  brand: Pick<BrandRow, "id" | "industry">,
): Promise<BrandTotals> {
  const count = sql<number>`count(*)::int`;
  const [personaCount] = await db.select({ n: count }).from(personas).where(eq(personas.brandId, brand.id));
  const [scored] = await db
    .select({
      n: count,
      strong: sql<number>`count(*) filter (where ${gte(influencerScores.fit, STRONG_FIT)})::int`,
    })
    .from(influencerScores)
    .where(eq(influencerScores.brandId, brand.id));
  const cpcRows = await db
    .select({ cpc: keywords.cpc, volume: keywords.volume, currency: keywords.currency })
    .from(keywords)
    .where(
      brand.industry
        ? sql`(${keywords.brandId} = ${brand.id} or (${and(isNull(keywords.brandId), eq(keywords.industry, brand.industry))}))`
        : eq(keywords.brandId, brand.id),
    );
  const summaries = cpcSummary(cpcRows);
  return {
    personas: personaCount?.n ?? 0,
    influencers: scored?.n ?? 0,
    strongMatches: scored?.strong ?? 0,
    influencerCounts: await influencerCounts(db, brand.id),
    cpc: summaries.find((row) => row.currency === "USD") ?? summaries[0] ?? null,
  };
}
