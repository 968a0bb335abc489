import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { interestLabel } from "./audience";
import { influencerCountKey } from "./brand-totals";
import { isStale } from "./freshness";
import {
  countInfluencers,
  findInfluencerContext,
  findInfluencerDetails,
  findInfluencerPage,
  type InfluencerFilters,
  type InfluencerSummaryRow,
} from "./influencer.repo";
import { audienceVsEngagement } from "./influencers/audience-vs-engagement";
import { containsPattern } from "./like-pattern";
import { planLimitsOf } from "./module-plan";
import { getOwnCreator, listOwnCreators } from "./own-influencers.service";

type Schemas = components["schemas"];
type Platform = Schemas["SocialNetwork"];

const label = (topic: string) => interestLabel(topic as Parameters<typeof interestLabel>[0]) ?? topic;

function toSummary(row: InfluencerSummaryRow): Schemas["InfluencerSummary"] {
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    avatar: row.avatar,
    platform: row.platform as Platform,
    followers: row.followers,
    engagementRate: row.engagement_rate,
    audienceFit: row.fit === null ? null : Math.min(1, Math.max(0, row.fit)),
    authenticity: row.authenticity,
    topics: row.topics.map(label),
    country: row.country,
  };
}

const noBrand = () => new AppError("NO_BRAND", 404, "Connect a brand first: no brand is connected yet.");

/**
 * Influencers ranked for the workspace's brand (score of docs/analytics-methods.md §4), best first, with filters.
 * Starter sees the top 3 of the brand's industry (or of the industry asked for); `total` still counts every
 * match, so the app can say how many more a paid plan shows.
 */
export async function listInfluencers(
  ctx: RequestCtx,
  query: {
    limit?: number;
    page?: number;
    platform?: Platform;
    country?: string;
    industry?: string;
    search?: string;
  },
): Promise<Schemas["InfluencerList"]> {
  const brand = await findInfluencerContext(ctx.db, { workspaceId: workspaceOf(ctx), brandId: ctx.brandId });
  if (!brand) throw noBrand();
  const limits = planLimitsOf(brand, ctx.clock.now());
  if (!brand.sample) {
    const own = query.search?.trim().toLowerCase();
    return listOwnCreators(ctx, brand, limits.topInfluencers, {
      ...query,
      limit: query.limit ?? 20,
      page: query.page ?? 1,
      search: own ? containsPattern(own) : undefined,
    });
  }
  const industry =
    (query.industry ?? (limits.topInfluencers !== null ? brand.industry : undefined)) || undefined;
  const search = query.search?.trim().toLowerCase();
  const filters: InfluencerFilters = {
    brandId: brand.id,
    platform: query.platform,
    country: query.country,
    industry,
    search: search ? containsPattern(search) : undefined,
  };
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  // Platform and industry filters are counted ahead by the compute job (brand-totals.ts); others here.
  const unfiltered = !query.platform && !industry;
  const stored =
    query.country || search
      ? undefined
      : (brand.totals?.influencerCounts?.[influencerCountKey(query.platform, industry)] ??
        (unfiltered ? brand.totals?.influencers : undefined));
  const count = async () => stored ?? (await countInfluencers(ctx.db, filters));
  if (limits.topInfluencers !== null) {
    const top = await findInfluencerPage(ctx.db, { ...filters, limit: limits.topInfluencers, offset: 0 });
    return {
      results: page === 1 ? top.slice(0, limit).map(toSummary) : [],
      total: await count(),
      limited: true,
    };
  }
  const rows = await findInfluencerPage(ctx.db, { ...filters, limit, offset: (page - 1) * limit });
  return { results: rows.map(toSummary), total: await count(), limited: false };
}

const PEERS = 12;

// A function, not a value: an error captures its stack when made, which cost a hot read more than its query.
const notFound = () =>
  new AppError("NOT_FOUND", 404, "This influencer does not exist or is not available on your plan.");

export async function getInfluencer(ctx: RequestCtx, id: string): Promise<Schemas["InfluencerDetails"]> {
  const found = await findInfluencerDetails(ctx.db, {
    workspaceId: workspaceOf(ctx),
    brandId: ctx.brandId,
    influencerId: id,
    peers: PEERS,
  });
  if (!found) throw noBrand();
  const { topInfluencers } = planLimitsOf(found, ctx.clock.now());
  const row = found.influencer;
  if (!row) {
    // Not a profile ranked for the brand: one of its own creators, if it is an own brand (a sample brand has none).
    const own = await getOwnCreator(ctx, found.brandId, topInfluencers, id);
    if (own) return own;
    throw notFound();
  }
  if (topInfluencers !== null) {
    // What the plan shows (listInfluencers): the top of the brand's industry.
    const visible = await findInfluencerPage(ctx.db, {
      brandId: found.brandId,
      platform: undefined,
      country: undefined,
      industry: found.brandIndustry ?? undefined,
      search: undefined,
      limit: topInfluencers,
      offset: 0,
    });
    if (!visible.some((r) => r.id === id)) throw notFound();
  }
  // The chart sets the influencer among the brand's best-ranked peers on the same platform.
  const points = [
    { name: row.name, followers: row.followers, er: row.engagement_rate, fit: row.fit },
    ...found.peers.filter((p) => p.id !== row.id),
  ].map((p) => ({ label: p.name, followers: p.followers, er: p.er, fit: p.fit }));
  const audience = row.audience ?? { ages: [], genders: [], countries: [] };
  const dataAsOf = row.recent_posts[0] ? new Date(row.recent_posts[0].postedAt) : null;
  return {
    ...toSummary(row),
    audienceVsEngagement: audienceVsEngagement(points),
    demographics: { ages: audience.ages, genders: audience.genders, countries: audience.countries },
    recentPosts: row.recent_posts.map((p) => ({
      url: p.url,
      publishedAt: new Date(p.postedAt).toISOString(),
      text: p.text,
      likes: p.likes,
      comments: p.comments,
      views: p.views,
    })),
    provenance: {
      source: row.source,
      sourceName: null,
      dataAsOf: dataAsOf?.toISOString() ?? null,
      computedAt: row.updated_at.toISOString(),
      stale: isStale("influencer_profiles", dataAsOf, ctx.clock.now()),
    },
  };
}
