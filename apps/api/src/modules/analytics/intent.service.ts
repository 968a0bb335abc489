import type { components } from "@brandscope/api-client/schema";
import { and, asc, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { keywords } from "../../db/schema";
import type { RequestCtx } from "../../http/handler-types";
import { containsPattern, prefixPattern } from "./like-pattern";
import { ownBrandKeyOrNotFound, provenanceOf } from "./module-context";
import type { OwnBrandKey } from "./module-reads.repo";

type Schemas = components["schemas"];

/** Enough for the bubble chart and a readable table; search narrows further. */
const KEYWORD_LIMIT = 50;
/** Below this many characters a trigram index cannot help: prefix search instead. */
const TRIGRAM_MIN_LENGTH = 3;

const columns = {
  keyword: keywords.keyword,
  country: keywords.country,
  volume: keywords.volume,
  cpc: keywords.cpc,
  competition: keywords.competition,
  trend: keywords.trend,
  source: keywords.source,
};

/** The brand's own imported keywords and its industry's; another workspace's imports never show. */
function visibleTo(brand: OwnBrandKey, industry: string | null | undefined): SQL {
  const industryKeywords = industry
    ? and(isNull(keywords.brandId), eq(keywords.industry, industry))
    : undefined;
  return or(eq(keywords.brandId, brand.id), industryKeywords) ?? eq(keywords.brandId, brand.id);
}

async function answer(
  ctx: RequestCtx,
  brand: OwnBrandKey,
  rows: {
    keyword: string;
    country: string;
    volume: number | null;
    cpc: number | null;
    competition: number | null;
    trend: number[];
    source: string;
  }[],
): Promise<Schemas["KeywordList"]> {
  const times = { dataAsOf: null, computedAt: ctx.clock.now() };
  // Industry keywords come with the sample data set; a brand's own come from its keyword planner imports.
  const provenance = rows.some((r) => r.source === "csv_import")
    ? await provenanceOf(ctx, { id: brand.id, sample: false }, times)
    : await provenanceOf(ctx, { id: brand.id, sample: true }, times);
  return {
    keywordData: rows.map(({ source: _source, ...k }) => k),
    provenance,
  };
}

/** Keywords for the brand's industry and country (or those asked for), by search volume. */
export async function getIntent(
  ctx: RequestCtx,
  query: { country?: string; industry?: string },
): Promise<Schemas["KeywordList"]> {
  const brand = await ownBrandKeyOrNotFound(ctx);
  const country = query.country ?? brand.country;
  const rows = await ctx.db
    .select(columns)
    .from(keywords)
    .where(
      and(
        visibleTo(brand, query.industry ?? brand.industry),
        country ? eq(keywords.country, country) : undefined,
      ),
    )
    .orderBy(desc(keywords.volume), asc(keywords.id))
    .limit(KEYWORD_LIMIT);
  return answer(ctx, brand, rows);
}

/** Keywords containing the text (trigram index), closest first, then by volume. */
export async function searchKeywords(
  ctx: RequestCtx,
  query: { keyword?: string; country?: string },
): Promise<Schemas["KeywordList"]> {
  const brand = await ownBrandKeyOrNotFound(ctx);
  const text = query.keyword?.trim().toLowerCase() ?? "";
  if (!text) return getIntent(ctx, query.country ? { country: query.country } : {});
  const country = query.country ?? brand.country;
  const pattern = text.length >= TRIGRAM_MIN_LENGTH ? containsPattern(text) : prefixPattern(text);
  const rows = await ctx.db
    .select(columns)
    .from(keywords)
    .where(
      and(
        // Any industry: a marketer searching a keyword wants it wherever it is stored, their own imports included.
        or(eq(keywords.brandId, brand.id), isNull(keywords.brandId)),
        country ? eq(keywords.country, country) : undefined,
        sql`lower(${keywords.keyword}) like ${pattern}`,
      ),
    )
    .orderBy(
      sql`similarity(lower(${keywords.keyword}), ${text}) desc`,
      desc(keywords.volume),
      asc(keywords.id),
    )
    .limit(KEYWORD_LIMIT);
  return answer(ctx, brand, rows);
}
