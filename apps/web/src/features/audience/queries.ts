import { type components, unwrap } from "@brandscope/api-client";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";
import type { PeriodParams } from "../modules/period";

export type PersonaSummary = components["schemas"]["PersonaSummary"];
export type PersonaList = components["schemas"]["PersonaList"];
export type PersonaDetails = components["schemas"]["PersonaDetails"];

export type AudienceFilters = { country?: string; industry?: string; search?: string };

/** docs/product.md §7: GET /audience pages with a limit, sorted by NAME. */
export const AUDIENCE_PAGE_SIZE = 20;

export const audienceKeys = {
  all: ["audience"] as const,
  list: (filters: AudienceFilters, period: PeriodParams) =>
    [...audienceKeys.all, "list", filters, period] as const,
  detail: (id: string, period: PeriodParams) => [...audienceKeys.all, "detail", id, period] as const,
};

/**
 * The list as shown: every page so far, in order, each persona once (docs/product.md §4), where the personas come
 * from, and why it is empty when the own brand's audience is too small for personas (`state`).
 */
export type MergedPersonas = {
  results: PersonaSummary[];
  total: number;
  limited: boolean;
  state?: PersonaList["state"];
  provenance?: PersonaList["provenance"];
};

/**
 * docs/product.md §4: loading the first page resets the list; later pages append and de-duplicate by id (a persona
 * that moved between pages while paging shows once, where it first appeared). Total and `limited` follow the
 * newest page.
 */
export function mergePersonaPages(pages: readonly PersonaList[]): MergedPersonas {
  const seen = new Set<string>();
  const results: PersonaSummary[] = [];
  for (const page of pages) {
    for (const persona of page.results) {
      if (seen.has(persona.id)) continue;
      seen.add(persona.id);
      results.push(persona);
    }
  }
  const last = pages.at(-1);
  return {
    results,
    total: last?.total ?? 0,
    limited: pages.some((page) => page.limited),
    ...(last?.state ? { state: last.state } : {}),
    ...(last?.provenance ? { provenance: last.provenance } : {}),
  };
}

/**
 * The next page to ask for, or undefined when the list is complete, the last page came back short or empty, or
 * the plan shows only the top 3 (`limited`: `total` still counts every match, but no later page has more).
 */
export function nextPersonaPage(
  pages: readonly PersonaList[],
  pageSize = AUDIENCE_PAGE_SIZE,
): number | undefined {
  const last = pages.at(-1);
  if (!last || pages.some((page) => page.limited)) return undefined;
  if (last.results.length === 0 || last.results.length < pageSize) return undefined;
  const loaded = mergePersonaPages(pages).results.length;
  return loaded < last.total ? pages.length + 1 : undefined;
}

/** A count in words: "3,550". */
const countOf = (count: number) => count.toLocaleString("en-US");

/** The plan held some personas back: Starter shows the top 3 of more (`total` counts them all). */
export const personasHeldBack = (list: MergedPersonas) => list.limited && list.total > list.results.length;

/** "Top 3 of 12 personas" on Starter, "20 of 57 personas" while more pages remain, else "12 personas". */
export function personaCountText(list: MergedPersonas): string {
  const shown = list.results.length;
  if (personasHeldBack(list)) return `Top ${shown} of ${countOf(list.total)} personas`;
  if (shown < list.total) return `${shown} of ${countOf(list.total)} personas`;
  return list.total === 1 ? "1 persona" : `${countOf(list.total)} personas`;
}

/**
 * The user's default industry and country become the filter only when the caller asks (e.g. 'Use my
 * defaults') and only where no value is selected (docs/product.md §4).
 */
export function withDefaultFilters(
  filters: AudienceFilters,
  defaults: { defaultCountry?: string | null; defaultIndustry?: string | null },
): AudienceFilters {
  return {
    ...filters,
    country: filters.country ?? defaults.defaultCountry ?? undefined,
    industry: filters.industry ?? defaults.defaultIndustry ?? undefined,
  };
}

export const personaListOptions = (filters: AudienceFilters, period: PeriodParams) =>
  infiniteQueryOptions({
    queryKey: audienceKeys.list(filters, period),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET("/audience", {
          params: {
            query: {
              limit: AUDIENCE_PAGE_SIZE,
              page: pageParam,
              sort: "NAME",
              ...filters,
              ...period,
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (_last, pages) => nextPersonaPage(pages),
    select: (data) => mergePersonaPages(data.pages),
  });

export const personaOptions = (id: string, period: PeriodParams) =>
  queryOptions({
    queryKey: audienceKeys.detail(id, period),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/audience/{id}", { params: { path: { id }, query: period }, signal })),
  });
