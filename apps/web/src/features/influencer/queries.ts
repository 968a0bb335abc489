import { type components, unwrap } from "@brandscope/api-client";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export type InfluencerSummary = components["schemas"]["InfluencerSummary"];
export type InfluencerDetails = components["schemas"]["InfluencerDetails"];
export type SocialNetwork = components["schemas"]["SocialNetwork"];
export type InfluencerFilters = {
  platform?: SocialNetwork;
  country?: string;
  industry?: string;
  search?: string;
};

export const INFLUENCER_PAGE_SIZE = 20;

export const influencerKeys = {
  all: ["influencer"] as const,
  list: (filters: InfluencerFilters, page: number) => [...influencerKeys.all, "list", filters, page] as const,
  detail: (id: string) => [...influencerKeys.all, "detail", id] as const,
};

export const influencerListOptions = (filters: InfluencerFilters, page: number) =>
  queryOptions({
    queryKey: influencerKeys.list(filters, page),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/influencer", {
          params: { query: { ...filters, page, limit: INFLUENCER_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const influencerOptions = (id: string) =>
  queryOptions({
    queryKey: influencerKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET("/influencer/{id}", { params: { path: { id } }, signal })),
  });

export type InfluencerList = components["schemas"]["InfluencerList"];

/** A count in words: "3,550". */
const countOf = (count: number) => count.toLocaleString("en-US");

/** The plan held some influencers back: Starter shows the top 3 of more (`total` counts them all). */
export const influencersHeldBack = (list: InfluencerList) => list.limited && list.total > list.results.length;

/** "Top 3 of 12 influencers" on Starter, else the count of every match ("12 influencers"). */
export function influencerCountText(list: InfluencerList): string {
  if (influencersHeldBack(list)) return `Top ${list.results.length} of ${countOf(list.total)} influencers`;
  return list.total === 1 ? "1 influencer" : `${countOf(list.total)} influencers`;
}

/**
 * The pages there are to go through: one when the plan shows only the top 3 (`total` still counts every match,
 * but later pages hold nothing more for it), else as many as the total makes.
 */
export function listPageCount(list: InfluencerList | undefined, pageSize = INFLUENCER_PAGE_SIZE): number {
  if (!list || list.limited) return 1;
  return pageCount(list.total, pageSize);
}

/** How many pages a total makes (at least 1, so 'page 1 of 1' reads right for an empty list). */
export function pageCount(total: number, pageSize = INFLUENCER_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rank of the row on the page, across pages (the list comes best first). */
export const rankOf = (page: number, index: number, pageSize = INFLUENCER_PAGE_SIZE) =>
  (page - 1) * pageSize + index + 1;
