import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { influencerScores, keywords, personas } from "../../db/schema";
import type { BrandRow } from "../brand/brand.repo";
import { type CpcSummary, cpcSummary } from "./intent/cpc-summary";

/** An influencer whose audience fits one of the brand's personas at least this well counts as a strong match. */
export const STRONG_FIT = 0.6;

/** Counts the dashboard and the unfiltered lists show, stored by the compute job rather than counted per request. */
export interface BrandTotals {
  personas: number;
  influencers: number;
  strongMatches: number;
  /** Volume-weighted cost per click of the brand's keywords, in USD when there are USD keywords. */
  cpc: CpcSummary | null;
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
    cpc: summaries.find((row) => row.currency === "USD") ?? summaries[0] ?? null,
  };
}
