import { type components, unwrap } from "@brandscope/api-client";
import type { BubbleDatum } from "@brandscope/charts/bubble";
import { abbreviateNumber } from "@brandscope/ui/format";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api";
import type { PeriodParams } from "../modules/period";
import { useDebouncedValue } from "../modules/use-debounced-value";

export type Keyword = components["schemas"]["Keyword"];
export type KeywordList = components["schemas"]["KeywordList"];
export type IntentFilters = { country?: string; industry?: string };
export type SearchQueryList = components["schemas"]["SearchQueryList"];
export type SearchQuery = components["schemas"]["SearchQuery"];

export const intentKeys = {
  all: ["intent"] as const,
  list: (filters: IntentFilters) => [...intentKeys.all, "list", filters] as const,
  search: (keyword: string, country?: string) => [...intentKeys.all, "search", { keyword, country }] as const,
  searches: (period: PeriodParams) => [...intentKeys.all, "searches", period] as const,
};

/** GET /intent/searches: the brand's own Search Console queries for the period, by clicks. */
export const searchesOptions = (period: PeriodParams) =>
  queryOptions({
    queryKey: intentKeys.searches(period),
    queryFn: ({ signal }) => unwrap(api.GET("/intent/searches", { params: { query: period }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /intent: the keywords of the brand's industry and country, or of the chosen ones. */
export const intentOptions = (filters: IntentFilters) =>
  queryOptions({
    queryKey: intentKeys.list(filters),
    queryFn: ({ signal }) => unwrap(api.GET("/intent", { params: { query: filters }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /intent/keyword?keyword=… */
export const keywordSearchOptions = (keyword: string, country?: string) =>
  queryOptions({
    queryKey: intentKeys.search(keyword, country),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/intent/keyword", { params: { query: { keyword, country } }, signal })),
    // A failed search shows its error at once; the user retries by typing or with Retry.
    retry: false,
  });

export type KeywordSearch = {
  /** The search is on (the box holds text). */
  active: boolean;
  /** Waiting for typing to pause, or for the answer. */
  loading: boolean;
  /** The matches; empty while loading and when the search failed (docs/product.md §4). */
  keywords: Keyword[];
  provenance?: KeywordList["provenance"];
  error: unknown;
  retry: () => void;
};

/**
 * Keyword search, debounced 500 ms after the last keystroke (docs/product.md §5, §9), with a loading flag
 * (docs/product.md §4).
 */
export function useKeywordSearch(text: string, country?: string): KeywordSearch {
  const term = text.trim();
  const settled = useDebouncedValue(term);
  const query = useQuery({ ...keywordSearchOptions(settled, country), enabled: settled !== "" });
  const active = term !== "";
  const waiting = active && term !== settled;
  return {
    active,
    loading: waiting || (active && query.isFetching),
    keywords: !active || waiting || query.isError ? [] : (query.data?.keywordData ?? []),
    provenance: query.data?.provenance,
    error: active && !waiting && query.isError ? query.error : null,
    retry: () => void query.refetch(),
  };
}

/** A keyword drawn in the cost-per-click chart; a ranged volume carries its range as `yText`. */
export type KeywordBubble = BubbleDatum;

type VolumeRange = NonNullable<Keyword["volumeRange"]>;

/** "10K–100K": a bucketed Keyword Planner volume as Google shows it. */
export function formatVolumeRange(range: VolumeRange): string {
  return `${abbreviateNumber(range.low)}–${abbreviateNumber(range.high)}`;
}

/**
 * The point a range is drawn at: its geometric middle, √(low·high), since the ranges grow tenfold
 * (docs/analytics-methods.md §5.3). A range from 0 takes 1 as its low end, or its middle would be 0.
 */
export function rangeMiddle(range: VolumeRange): number {
  return Math.sqrt(Math.max(range.low, 1) * range.high);
}

/** The figure a keyword sorts by: its volume, or a range's lower bound; null when neither is known. */
export function volumeSortValue(keyword: Keyword): number | null {
  return keyword.volume ?? keyword.volumeRange?.low ?? null;
}

/**
 * Keywords as bubbles: cost per click across, monthly searches up, competition as the size. A keyword that
 * lacks any of the three stays in the table only (a missing value is never drawn as 0).
 */
export function toKeywordBubbles(keywords: readonly Keyword[]): {
  points: KeywordBubble[];
  left: number;
  /** The currency of every drawn cost per click; null when they differ (an axis cannot mix them). */
  currency: string | null;
} {
  const points: KeywordBubble[] = [];
  const currencies = new Set<string>();
  for (const keyword of keywords) {
    const range = keyword.volume === null ? keyword.volumeRange : undefined;
    const y = range ? rangeMiddle(range) : keyword.volume;
    if (keyword.cpc === null || y === null || keyword.competition === null) continue;
    points.push({
      id: `${keyword.keyword}|${keyword.country ?? ""}`,
      label: keyword.keyword,
      x: keyword.cpc,
      y,
      radius: keyword.competition,
      ...(range ? { yText: `${formatVolumeRange(range)} (drawn at its geometric middle)` } : {}),
    });
    currencies.add(keyword.currency);
  }
  const [only] = currencies;
  return {
    points,
    left: keywords.length - points.length,
    currency: currencies.size <= 1 ? (only ?? "USD") : null,
  };
}

/** The change of monthly searches over the trend (oldest first), as a fraction; null without two months. */
export function trendChange(trend: readonly number[]): number | null {
  const first = trend[0];
  const last = trend.at(-1);
  if (trend.length < 2 || first === undefined || last === undefined || first === 0) return null;
  return (last - first) / first;
}
