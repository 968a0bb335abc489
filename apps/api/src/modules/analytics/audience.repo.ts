import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import {
  audienceSegments,
  influencerScores,
  influencers,
  keywords,
  personas,
  workspaceBrands,
} from "../../db/schema";
import { COUNT, selectRows } from "../../db/typed-rows";

/**
 * The keywords a brand's personas may be matched with: its own and, for the sample brand with an industry, the
 * industry's, which exist only in the sample data set (docs/decisions.md "Brand data and provenance").
 */
export function findKeywordCandidates(
  db: Queryable,
  p: { brandId: string; industry: string | null; sample: boolean },
) {
  return db
    .select({
      id: keywords.id,
      keyword: keywords.keyword,
      country: keywords.country,
      volume: keywords.volume,
      cpc: keywords.cpc,
    })
    .from(keywords)
    .where(
      or(
        eq(keywords.brandId, p.brandId),
        p.sample && p.industry
          ? and(isNull(keywords.brandId), eq(keywords.industry, p.industry))
          : sql`false`,
      ),
    )
    .orderBy(asc(keywords.id));
}

/** The brand's personas as the last fit left them: a refit keeps the ids and names of those it finds again. */
export function findPersonaVectors(db: Queryable, p: { brandId: string }) {
  return db
    .select({ id: personas.id, name: personas.name, vector: personas.vector })
    .from(personas)
    .where(eq(personas.brandId, p.brandId));
}

/**
 * The influencer profiles a brand is ranked against, with what fit and ranking read: the sample brand's pool is the
 * sample data set's generated creators, and a brand of one's own never sees them (docs/decisions.md "Brand data
 * and provenance"); nothing else fills an own brand's pool yet, so it is empty.
 */
export function findInfluencerPool(db: Queryable, p: { sample: boolean }) {
  return db
    .select({
      id: influencers.id,
      name: influencers.name,
      platform: influencers.platform,
      followers: influencers.followers,
      country: influencers.country,
      topics: influencers.topics,
      audience: influencers.audience,
      erPercentile: influencers.erPercentile,
    })
    .from(influencers)
    .where(p.sample ? eq(influencers.source, "sample") : ne(influencers.source, "sample"))
    .orderBy(asc(influencers.id));
}

export async function deletePersonas(tx: Tx, p: { brandId: string }) {
  await tx.delete(personas).where(eq(personas.brandId, p.brandId));
}

export async function insertPersona(tx: Tx, values: typeof personas.$inferInsert) {
  await tx.insert(personas).values(values);
}

/** The brand's influencer ranking, replaced whole; the platform is copied from each influencer for its index. */
export async function replaceInfluencerScores(
  tx: Tx,
  p: {
    brandId: string;
    scores: { influencerId: string; score: number; fit: number | null; personaId: string | null }[];
  },
) {
  await tx.delete(influencerScores).where(eq(influencerScores.brandId, p.brandId));
  const BATCH = 5_000;
  for (let start = 0; start < p.scores.length; start += BATCH) {
    const rows = p.scores.slice(start, start + BATCH).map((s) => ({
      brand_id: p.brandId,
      influencer_id: s.influencerId,
      score: s.score,
      fit: s.fit,
      persona_id: s.personaId,
    }));
    await tx.execute(sql`
      insert into ${influencerScores} (brand_id, influencer_id, platform, score, fit, persona_id)
      select r.brand_id, r.influencer_id, i.platform, r.score, r.fit, r.persona_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(brand_id uuid, influencer_id uuid, score double precision, fit double precision, persona_id uuid)
      join ${influencers} i on i.id = r.influencer_id`);
  }
}

/**
 * After a brand's scores and personas were replaced: fresh statistics keep the module reads on their indexes, and
 * a vacuum of the replaced scores marks their pages all-visible, so a late page of the ranking reads the index
 * alone.
 */
export async function refreshReadStatistics(db: Queryable) {
  await db.execute(sql`vacuum (analyze) influencer_scores`);
  await db.execute(sql`analyze personas, figures`);
}

/**
 * The audience segments personas can be built from (a size and interests) of the brand the workspace's modules
 * show, its newest own brand.
 */
export async function countOwnSegments(db: Queryable, p: { workspaceId: string }): Promise<number> {
  const [row] = await selectRows(
    db,
    COUNT,
    sql`
    select ${COUNT.sql} from ${audienceSegments}
    where size > 0 and jsonb_array_length(interests) > 0 and brand_id = (
      select brand_id from ${workspaceBrands} where workspace_id = ${p.workspaceId}
      order by created_at desc limit 1)`,
  );
  return row?.n ?? 0;
}
