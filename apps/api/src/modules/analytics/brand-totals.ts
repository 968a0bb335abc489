import type { Queryable } from "../../db/client";
import type { BrandRow } from "../brand";
import { countInfluencersByFilter, countScoredInfluencers, findKeywordCpcs } from "./brand-totals.repo";
import { type CpcSummary, cpcSummary } from "./intent/cpc-summary";

/** An influencer whose audience fits one of the brand's personas at least this well counts as a strong match. */
export const STRONG_FIT = 0.6;

/** Counts the dashboard and the unfiltered lists show, stored by the compute job rather than counted per request. */
export interface BrandTotals {
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
  const counts: Record<string, number> = {};
  for (const row of await countInfluencersByFilter(db, { brandId })) {
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
  brand: Pick<BrandRow, "id" | "industry" | "sample">,
): Promise<BrandTotals> {
  const scored = await countScoredInfluencers(db, { brandId: brand.id, strongFit: STRONG_FIT });
  const summaries = cpcSummary(
    await findKeywordCpcs(db, { brandId: brand.id, industry: brand.industry, sample: brand.sample }),
  );
  return {
    influencers: scored.n,
    strongMatches: scored.strong,
    influencerCounts: await influencerCounts(db, brand.id),
    cpc: summaries.find((row) => row.currency === "USD") ?? summaries[0] ?? null,
  };
}
