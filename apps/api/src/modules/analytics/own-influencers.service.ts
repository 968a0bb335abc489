import type { components } from "@brandscope/api-client/schema";
import type { CreatorOrigin, DataSource } from "../../db/schema";
import type { RequestCtx } from "../../kernel/handler-types";
import { isStale } from "./freshness";
import { audienceVsEngagement } from "./influencers/audience-vs-engagement";
import { sizeBandOf } from "./influencers/own-ranking";
import {
  countOwnCreators,
  findOwnCreator,
  findOwnCreatorPage,
  type OwnCreatorFilters,
  type OwnCreatorRow,
} from "./own-creators.repo";

type Schemas = components["schemas"];
type Platform = Schemas["SocialNetwork"];

/**
 * The influencers module of a workspace's own brand: its real creators (own_creators), ranked within its own pool
 * (docs/analytics-methods.md §4.8). What no source says is null: audience fit and authenticity always (a real
 * creator's audience is not known here), followers and engagement when the source did not give them.
 */

function toSummary(row: OwnCreatorRow): Schemas["InfluencerSummary"] {
  return {
    id: row.id,
    name: row.name ?? row.handle,
    handle: row.handle,
    avatar: null,
    platform: row.platform as Platform,
    followers: row.followers,
    engagementRate: row.engagementRate,
    audienceFit: null,
    authenticity: null,
    topics: row.matchedTerms,
    country: row.country,
    origin: row.origin,
    topicMatch: row.topicMatch,
    sizeBand: sizeBandOf(row.followers),
    mentions: row.mentions,
  };
}

export interface OwnPoolQuery {
  limit: number;
  page: number;
  platform?: Platform;
  country?: string;
  industry?: string;
  /** A LIKE pattern (like-pattern.ts). */
  search?: string;
}

/**
 * Best first. The pool is the brand's own, so an industry other than the brand's matches none of it. On Starter the
 * top `topInfluencers` of the pool, with `total` counting them all.
 */
export async function listOwnCreators(
  ctx: RequestCtx,
  brand: { id: string; industry: string | null },
  topInfluencers: number | null,
  query: OwnPoolQuery,
): Promise<Schemas["InfluencerList"]> {
  const limited = topInfluencers !== null;
  if (query.industry && query.industry !== brand.industry) return { results: [], total: 0, limited };
  const filters: OwnCreatorFilters = {
    brandId: brand.id,
    platform: query.platform,
    country: query.country,
    search: query.search,
  };
  const total = await countOwnCreators(ctx.db, filters);
  if (topInfluencers !== null) {
    const top = await findOwnCreatorPage(ctx.db, { ...filters, limit: topInfluencers, offset: 0 });
    return { results: query.page === 1 ? top.slice(0, query.limit).map(toSummary) : [], total, limited };
  }
  const rows = await findOwnCreatorPage(ctx.db, {
    ...filters,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { results: rows.map(toSummary), total, limited };
}

const PEERS = 12;

/** Where each origin's figures come from, as the provenance line names them. */
const ORIGIN_SOURCE: Record<CreatorOrigin, { source: DataSource; name: string }> = {
  creator_list: { source: "csv_import", name: "Creator list" },
  mentioned_in_posts: { source: "csv_import", name: "Mentioned in posts" },
  youtube_search: { source: "provider", name: "YouTube search" },
  instagram_handle: { source: "provider", name: "Instagram" },
};

/** One of the brand's own creators; undefined when it has none with the id (or the plan does not show it). */
export async function getOwnCreator(
  ctx: RequestCtx,
  brandId: string,
  topInfluencers: number | null,
  id: string,
): Promise<Schemas["InfluencerDetails"] | undefined> {
  const row = await findOwnCreator(ctx.db, { brandId, id });
  if (!row) return undefined;
  const none = { platform: undefined, country: undefined, search: undefined, offset: 0 };
  if (topInfluencers !== null) {
    const visible = await findOwnCreatorPage(ctx.db, { brandId, ...none, limit: topInfluencers });
    if (!visible.some((r) => r.id === id)) return undefined;
  }
  // Set among the pool's best-ranked creators on the same platform whose followers and engagement are known.
  const peers = await findOwnCreatorPage(ctx.db, { brandId, ...none, platform: row.platform, limit: PEERS });
  const points = [row, ...peers.filter((p) => p.id !== row.id)].flatMap((p) =>
    p.followers === null
      ? []
      : [{ label: p.name ?? p.handle, followers: p.followers, er: p.engagementRate, fit: null }],
  );
  const origin = ORIGIN_SOURCE[row.origin];
  const updatedAt = new Date(row.updatedAt);
  return {
    ...toSummary(row),
    audienceVsEngagement: audienceVsEngagement(points),
    demographics: { ages: [], genders: [], countries: [] },
    recentPosts: [],
    provenance: {
      source: origin.source,
      sourceName: row.fileName ? `${origin.name} (${row.fileName})` : origin.name,
      dataAsOf: updatedAt.toISOString(),
      computedAt: updatedAt.toISOString(),
      stale: isStale("influencer_profiles", updatedAt, ctx.clock.now()),
    },
  };
}
