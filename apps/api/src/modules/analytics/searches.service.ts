import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import type { RequestCtx } from "../../kernel/handler-types";
import { currentBrandOrNotFound } from "../brand/brand.service";
import { readDataSpan } from "./brand-data.repo";
import { periodBounds } from "./brand-figures";
import { withPeriod } from "./module-context";
import { type DayWindow, daysBetween, type PeriodQuery, resolvePeriod } from "./periods";
import { findSearchQueries, findSearchSets, type StoredSearchSet } from "./searches.repo";

type Schemas = components["schemas"];

/** The list's length: the queries with the most clicks. The CSV export takes a whole set. */
export const LISTED_SEARCHES = 100;
/** The most rows a set holds: the connector's two pages of 25,000 (search-console-sync.job.ts MAX_ROWS). */
export const EXPORTED_SEARCHES = 50_000;
/** Sets named in the answer, newest first. */
const LISTED_SETS = 20;

const lengthOf = (w: DayWindow) => daysBetween(w.from, w.to) + 1;

/**
 * How well a stored set fits the period asked for: the days both cover over the days either covers (0 when they
 * do not meet). A set's figures are totals over its own days and cannot be cut to the period, so the closest set is
 * shown with its days, never several added up.
 */
export function fitOf(set: DayWindow, window: DayWindow): number {
  // ISO days compare as text.
  const from = set.from.localeCompare(window.from) > 0 ? set.from : window.from;
  const to = set.to.localeCompare(window.to) < 0 ? set.to : window.to;
  if (from > to) return 0;
  const both = lengthOf({ from, to });
  return both / (lengthOf(set) + lengthOf(window) - both);
}

/** The set shown for `window`: the best fit, then the newest; undefined when none meets the window. */
export function chooseSet<S extends DayWindow>(sets: readonly S[], window: DayWindow): S | undefined {
  let best: { set: S; fit: number } | undefined;
  for (const set of sets) {
    const fit = fitOf(set, window);
    if (fit === 0) continue;
    if (!best || fit > best.fit || (fit === best.fit && set.to > best.set.to)) best = { set, fit };
  }
  return best?.set;
}

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
