import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import type { RequestCtx } from "../../kernel/handler-types";
import { currentBrandOrNotFound } from "../brand";
import { readDataSpan } from "./brand-data.repo";
import { periodBounds } from "./brand-figures";
import { withPeriod } from "./module-context";
import { type PeriodQuery, resolvePeriod } from "./periods";
import { chooseSet } from "./search-sets";
import { findSearchQueries, findSearchSets, type StoredSearchSet } from "./searches.repo";

type Schemas = components["schemas"];

/** The list's length: the queries with the most clicks. The CSV export takes a whole set. */
export const LISTED_SEARCHES = 100;
/** The most rows a set holds: the connector's two pages of 25,000 (search-console-sync.job.ts MAX_ROWS). */
export const EXPORTED_SEARCHES = 50_000;
/** Sets named in the answer, newest first. */
const LISTED_SETS = 20;

const toSet = (s: StoredSearchSet): Schemas["SearchQuerySet"] => ({
  from: s.from,
  to: s.to,
  source: s.source,
  sourceName: s.source === "provider" ? "Search Console" : `Search Console export ${s.fileName ?? ""}`.trim(),
});

/** The brand, its sets and the one for the period asked for (400 for a bad period, 404 without a brand). */
async function chosenSet(ctx: RequestCtx, query: PeriodQuery) {
  const brand = await currentBrandOrNotFound(ctx);
  const span = await readDataSpan(ctx.db, { brandId: brand.id });
  const { window } = await withPeriod(async () =>
    resolvePeriod(query, periodBounds(brand, span.history, ctx.clock.now())),
  );
  const workspaceId = workspaceOf(ctx);
  // The sample brand is shared and has no searches of its own: nothing is read for it.
  const sets = brand.sample
    ? []
    : await findSearchSets(ctx.db, { workspaceId, brandId: brand.id, limit: LISTED_SETS });
  return { workspaceId, brand, window, sets, set: chooseSet(sets, window) };
}

/**
 * "Your searches" (docs/decisions.md "Your searches"): the brand's own Search Console queries for the period, from
 * the stored set that fits it best, by clicks. Every plan sees the same list: Starter's top-3 limit is for personas
 * and influencers only.
 */
export async function getSearches(ctx: RequestCtx, query: PeriodQuery): Promise<Schemas["SearchQueryList"]> {
  const { workspaceId, brand, sets, set } = await chosenSet(ctx, query);
  const found = set
    ? await findSearchQueries(ctx.db, { workspaceId, brandId: brand.id, set, limit: LISTED_SEARCHES })
    : { queries: [], total: 0 };
  return { ...found, shown: set ? toSet(set) : null, stored: sets.map(toSet) };
}

/** Every query of the set `getSearches` shows for the period (the CSV export), with its days and source. */
export async function searchesForExport(ctx: RequestCtx, query: PeriodQuery) {
  const { workspaceId, brand, set } = await chosenSet(ctx, query);
  if (!set) return { set: undefined, queries: [] };
  const { queries } = await findSearchQueries(ctx.db, {
    workspaceId,
    brandId: brand.id,
    set,
    limit: EXPORTED_SEARCHES,
  });
  return { set: toSet(set), queries };
}
