import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findIntentKeywords, type KeywordAnswer, searchVisibleKeywords } from "./intent.repo";
import { containsPattern, prefixPattern } from "./like-pattern";
import { provenanceFrom } from "./module-context";

type Schemas = components["schemas"];

/** The provenance name of keyword figures read by the Google Ads keyword planning connector. */
export const GOOGLE_ADS = "Google Ads";

/** Enough for the bubble chart and a readable table; search narrows further. */
const KEYWORD_LIMIT = 50;
/** Below this many characters a trigram index cannot help: prefix search instead. */
const TRIGRAM_MIN_LENGTH = 3;

function answer(ctx: RequestCtx, found: KeywordAnswer | undefined): Schemas["KeywordList"] {
  if (!found) throw new AppError("NO_BRAND", 404, "Connect a brand first: no brand is connected yet.");
  const now = ctx.clock.now();
  const times = { dataAsOf: null, computedAt: now };
  const freshness = { now, cadence: "keywords" } as const;
  // Industry keywords come with the sample data set and only the sample brand reads them (intent.repo.ts); a
  // brand's own come from its keyword planner imports or Google Ads keyword planning, which names itself (with the
  // exports beside it, if any). Search Console's queries are not keywords: they are "Your searches"
  // (searches.service.ts). A real brand with no keyword at all shows none: its empty list is its own.
  const provenance = found.fromProvider
    ? {
        ...provenanceFrom({ sample: false, importFormat: null }, times, freshness),
        source: "provider" as const,
        sourceName: [GOOGLE_ADS, found.importFormat].filter(Boolean).join(", "),
      }
    : found.importFormat === undefined
      ? provenanceFrom({ sample: found.sampleBrand, importFormat: null }, times, freshness)
      : provenanceFrom({ sample: false, importFormat: found.importFormat }, times, freshness);
  return {
    keywordData: found.rows.map(({ source: _source, volume_low, volume_high, ...k }) => ({
      ...k,
      // A bucketed import's range (volume null): shown as a range, never summed as if exact.
      ...(volume_low !== null && volume_high !== null
        ? { volumeRange: { low: volume_low, high: volume_high } }
        : {}),
    })),
    provenance,
  };
}

/**
 * The brand's keywords (the sample brand's with its industry's) for its country (or the one asked for), by search
 * volume.
 */
export async function getIntent(
  ctx: RequestCtx,
  query: { country?: string; industry?: string },
): Promise<Schemas["KeywordList"]> {
  const found = await findIntentKeywords(ctx.db, {
    workspaceId: workspaceOf(ctx),
    brandId: ctx.brandId,
    country: query.country,
    industry: query.industry,
    limit: KEYWORD_LIMIT,
  });
  return answer(ctx, found);
}

/** Keywords containing the text (trigram index), closest first, then by volume. */
export async function searchKeywords(
  ctx: RequestCtx,
  query: { keyword?: string; country?: string },
): Promise<Schemas["KeywordList"]> {
  const text = query.keyword?.trim().toLowerCase() ?? "";
  if (!text) return getIntent(ctx, query.country ? { country: query.country } : {});
  const found = await searchVisibleKeywords(ctx.db, {
    workspaceId: workspaceOf(ctx),
    brandId: ctx.brandId,
    country: query.country,
    // Any industry: a marketer searching a keyword wants it wherever it is stored, their own imports included.
    pattern: text.length >= TRIGRAM_MIN_LENGTH ? containsPattern(text) : prefixPattern(text),
    text,
    limit: KEYWORD_LIMIT,
  });
  return answer(ctx, found);
}
