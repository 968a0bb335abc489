import type { components } from "@brandscope/api-client/schema";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { influencerScores, influencers } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { RequestCtx } from "../../http/handler-types";
import { workspacePlan } from "../billing/plan-limits";
import { workspaceOf } from "../brand/brand.service";
import { interestLabel } from "./audience";
import { influencerCountKey } from "./brand-totals";
import { audienceVsEngagement } from "./influencers/audience-vs-engagement";
import { containsPattern } from "./like-pattern";
import { ownBrandKeyOrNotFound } from "./module-context";

type Schemas = components["schemas"];
type Platform = Schemas["SocialNetwork"];

const summaryColumns = {
  id: influencers.id,
  name: influencers.name,
  handle: influencers.handle,
  avatar: influencers.avatar,
  platform: influencers.platform,
  followers: influencers.followers,
  engagementRate: influencers.engagementRate,
  authenticity: influencers.authenticity,
  topics: influencers.topics,
  country: influencers.country,
  industry: influencers.industry,
  fit: influencerScores.fit,
  score: influencerScores.score,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] | null;
};

const label = (topic: string) => interestLabel(topic as Parameters<typeof interestLabel>[0]) ?? topic;

function toSummary(row: SummaryRow): Schemas["InfluencerSummary"] {
  return {
    id: row.id ?? "",
    name: row.name ?? "",
    handle: row.handle ?? "",
    avatar: row.avatar,
    platform: (row.platform ?? "instagram") as Platform,
    followers: row.followers ?? 0,
    engagementRate: row.engagementRate,
    audienceFit: row.fit === null ? null : Math.min(1, Math.max(0, row.fit)),
    authenticity: row.authenticity,
    topics: (row.topics ?? []).map(label),
    country: row.country,
  };
}

/**
 * Influencers ranked for the workspace's brand (score of analytics-methods §4), best first, with filters.
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
  const brand = await ownBrandKeyOrNotFound(ctx);
  const { limits } = await workspacePlan(ctx.db, { workspaceId: workspaceOf(ctx) });
  const industry =
    query.industry ?? (limits.topInfluencers !== null ? (brand.industry ?? undefined) : undefined);
  const conditions: SQL[] = [eq(influencerScores.brandId, brand.id)];
  if (query.platform) conditions.push(eq(influencers.platform, query.platform));
  if (query.country) conditions.push(eq(influencers.country, query.country));
  if (industry) conditions.push(eq(influencers.industry, industry));
  const search = query.search?.trim().toLowerCase();
  if (search) {
    conditions.push(
      sql`lower(${influencers.name} || ' ' || ${influencers.handle}) like ${containsPattern(search)}`,
    );
  }
  const where = and(...conditions);
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  const base = () =>
    ctx.db
      .select(summaryColumns)
      .from(influencerScores)
      .innerJoin(influencers, eq(influencers.id, influencerScores.influencerId))
      .where(where)
      // In the order of influencer_scores_brand_score_idx, so a page is an index range, not a sort of every score.
      .orderBy(sql`${influencerScores.score} desc nulls last`, asc(influencerScores.influencerId));
  // Platform and industry filters are counted ahead by the compute job (brand-totals.ts); others here.
  const unfiltered = !query.platform && !industry;
  const stored =
    query.country || search
      ? undefined
      : (brand.totals?.influencerCounts?.[influencerCountKey(query.platform, industry)] ??
        (unfiltered ? brand.totals?.influencers : undefined));
  const count = async () =>
    stored ??
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(influencerScores)
        .innerJoin(influencers, eq(influencers.id, influencerScores.influencerId))
        .where(where)
    )[0]?.n ??
    0;
  if (limits.topInfluencers !== null) {
    const top = await base().limit(limits.topInfluencers);
    return {
      results: page === 1 ? top.slice(0, limit).map(toSummary) : [],
      total: await count(),
      limited: true,
    };
  }
  const rows = await base()
    .limit(limit)
    .offset((page - 1) * limit);
  return { results: rows.map(toSummary), total: await count(), limited: false };
}

const PEERS = 12;

export async function getInfluencer(ctx: RequestCtx, id: string): Promise<Schemas["InfluencerDetails"]> {
  const brand = await ownBrandKeyOrNotFound(ctx);
  const notFound = new AppError(
    "NOT_FOUND",
    404,
    "This influencer does not exist or is not available on your plan.",
  );
  const [row] = await ctx.db
    .select({
      ...summaryColumns,
      audience: influencers.audience,
      recentPosts: influencers.recentPosts,
      updatedAt: influencers.updatedAt,
    })
    .from(influencers)
    .leftJoin(
      influencerScores,
      and(eq(influencerScores.influencerId, influencers.id), eq(influencerScores.brandId, brand.id)),
    )
    .where(eq(influencers.id, id));
  if (!row) throw notFound;
  const { limits } = await workspacePlan(ctx.db, { workspaceId: workspaceOf(ctx) });
  if (limits.topInfluencers !== null) {
    const visible = await listInfluencers(ctx, { limit: limits.topInfluencers });
    if (!visible.results.some((r) => r.id === id)) throw notFound;
  }
  // The chart sets the influencer among the brand's best-ranked peers on the same platform.
  const peers = await ctx.db
    .select(summaryColumns)
    .from(influencerScores)
    .innerJoin(influencers, eq(influencers.id, influencerScores.influencerId))
    .where(and(eq(influencerScores.brandId, brand.id), eq(influencers.platform, row.platform)))
    .orderBy(sql`${influencerScores.score} desc nulls last`, asc(influencerScores.influencerId))
    .limit(PEERS);
  const points = [row, ...peers.filter((p) => p.id !== row.id)].map((p) => ({
    label: p.name ?? "",
    followers: p.followers ?? 0,
    er: p.engagementRate,
    fit: p.fit,
  }));
  const audience = row.audience ?? { ages: [], genders: [], countries: [] };
  return {
    ...toSummary(row),
    audienceVsEngagement: audienceVsEngagement(points),
    demographics: { ages: audience.ages, genders: audience.genders, countries: audience.countries },
    recentPosts: row.recentPosts.map((p) => ({
      url: p.url,
      publishedAt: new Date(p.postedAt).toISOString(),
      text: p.text,
      likes: p.likes,
      comments: p.comments,
      views: p.views,
    })),
    provenance: {
      source: "sample",
      sourceName: null,
      dataAsOf: row.recentPosts[0] ? new Date(row.recentPosts[0].postedAt).toISOString() : null,
      computedAt: row.updatedAt.toISOString(),
    },
  };
}
