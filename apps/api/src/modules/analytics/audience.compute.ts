import type { Db } from "../../db/client";
import type { BrandRow } from "../brand";
import {
  derivePersonas,
  hasPlatformMix,
  personaActivity,
  personaEngagement,
  personaKeywords,
} from "./audience";
import type { PersonaResult } from "./audience/types";
import {
  deletePersonas,
  findInfluencerPool,
  findKeywordCandidates,
  findPersonaVectors,
  insertPersona,
  replaceInfluencerScores,
} from "./audience.repo";
import { readSegments } from "./brand-data.repo";
import type { BrandSeries } from "./brand-figures";
import { engagementOf } from "./competitor/engagement";
import { platformFigures } from "./competitor/platform-figures";
import { audienceFit, type PersonaProfile } from "./influencers/audience-fit";
import { rankingScore } from "./influencers/ranking";
import { topicMatch } from "./influencers/topic-match";
import { addDays } from "./periods";
import { sortKey } from "./sort-key";

/** What GET /audience/{id} adds to a persona's summary; stored with the persona. */
export interface PersonaDetailsPayload {
  interestRadar: PersonaResult["interestRadar"];
  platformSplit: PersonaResult["platformSplit"];
  demographics: PersonaResult["demographics"];
  activity: { date: string; value: number }[];
  activityReason?: string;
  keywords: { keyword: string; cpc: number | null; volume: number | null }[];
  influencers: { id: string; name: string; platform: string; matchScore: number }[];
}

const SHORTLIST = 5;

/** Why a persona has no activity line: no platform mix to spread the brand's engagement over, or too few months. */
const activityReason = (p: PersonaResult) =>
  hasPlatformMix(p.platformSplit)
    ? "Needs 3 whole months of posts"
    : "Its audience data (a website's visitors) does not say which social networks these people use";

function profileOf(p: PersonaResult): PersonaProfile {
  const record = (shares: { label: string; share: number }[]) =>
    Object.fromEntries(shares.map((s) => [s.label, s.share]));
  return {
    id: p.id,
    interests: p.interestWeights,
    ages: record(p.demographics.ages),
    genders: record(p.demographics.genders),
    countries: record(p.demographics.countries),
  };
}

function monthlyEngagement(series: BrandSeries) {
  const totals = new Map<
    string,
    { month: string; platform: BrandSeries["posts"][number]["platform"]; engagement: number | null }
  >();
  for (const post of series.posts) {
    const month = post.postedAt.toISOString().slice(0, 7);
    const key = `${month}|${post.platform}`;
    const entry = totals.get(key) ?? { month, platform: post.platform, engagement: 0 };
    // One post of unknown engagement makes the month's sum unknown (docs/analytics-methods.md §3.5).
    const engagement = engagementOf(post);
    entry.engagement =
      entry.engagement === null || engagement === null ? null : entry.engagement + engagement;
    totals.set(key, entry);
  }
  return [...totals.values()];
}

/**
 * Personas of a brand from its audience segments (docs/analytics-methods.md §3), their detail figures, keywords
 * (§5) and matching influencers, and every influencer's score for the brand (§4). Ids and names stay stable across
 * runs (matched on the previous personas).
 */
export async function computeAudience(
  db: Db,
  brand: BrandRow,
  series: BrandSeries,
  now: Date,
): Promise<void> {
  const segments = await readSegments(db, { brandId: brand.id });
  const previous = await findPersonaVectors(db, { brandId: brand.id });
  const referenceYear = Number((series.history?.to ?? now.toISOString()).slice(0, 4));
  const derived = derivePersonas({ brandId: brand.id, referenceYear, segments, previous });
  const found = derived.status === "ok" ? derived.personas : [];

  const last90 = series.history ? { from: addDays(series.history.to, -89), to: series.history.to } : null;
  const rates = last90 ? platformFigures({ followers: series.followers, posts: series.posts }, last90) : [];
  const erByPlatform = Object.fromEntries(rates.map((r) => [r.platform, r.engagementRate]));
  const monthly = monthlyEngagement(series);
  const candidates = await findKeywordCandidates(db, {
    brandId: brand.id,
    industry: brand.industry,
    sample: brand.sample,
  });

  const profiles = found.map(profileOf);
  const brandInterests: Record<string, number> = {};
  for (const p of found) {
    for (const [interest, weight] of Object.entries(p.interestWeights)) {
      brandInterests[interest] = (brandInterests[interest] ?? 0) + weight * p.share;
    }
  }
  const pool = await findInfluencerPool(db, { sample: brand.sample });
  const scored = pool.map((i) => {
    const { fit, personaId } = audienceFit(
      {
        id: i.id,
        platform: i.platform,
        followers: i.followers,
        country: i.country,
        topics: i.topics,
        audience: i.audience,
        recentPosts: [],
      },
      profiles,
    );
    const score = rankingScore(i.erPercentile, fit, topicMatch(i.topics, brandInterests));
    return { influencerId: i.id, name: i.name, platform: i.platform, score, fit, personaId };
  });

  await db.transaction(async (tx) => {
    await deletePersonas(tx, { brandId: brand.id });
    for (const [rank, p] of found.entries()) {
      const activity = personaActivity(p.platformSplit, monthly, series.history);
      const shortlist = scored
        .filter((s) => s.personaId === p.id && s.fit !== null)
        .sort((a, b) => (b.fit ?? 0) - (a.fit ?? 0) || (a.influencerId < b.influencerId ? -1 : 1))
        .slice(0, SHORTLIST);
      const details: PersonaDetailsPayload = {
        interestRadar: p.interestRadar,
        platformSplit: p.platformSplit,
        demographics: p.demographics,
        activity: activity ?? [],
        ...(activity ? {} : { activityReason: activityReason(p) }),
        keywords: personaKeywords(p, candidates).map(({ keyword, cpc, volume }) => ({
          keyword,
          cpc,
          volume,
        })),
        influencers: shortlist.map((s) => ({
          id: s.influencerId,
          name: s.name,
          platform: s.platform,
          matchScore: Math.min(1, Math.max(0, s.fit ?? 0)),
        })),
      };
      await insertPersona(tx, {
        id: p.id,
        brandId: brand.id,
        rank,
        name: p.name,
        sortKey: sortKey(p.name),
        ageMin: p.ageMin,
        ageMax: p.ageMax,
        gender: p.gender,
        interests: p.interests,
        platforms: p.platforms,
        size: Math.round(p.size),
        share: p.share,
        engagementRate: personaEngagement(p.platformSplit, erByPlatform),
        country: p.country,
        industry: brand.industry,
        vector: p.vector,
        details,
        computedAt: now,
      });
    }
    await replaceInfluencerScores(tx, { brandId: brand.id, scores: scored });
  });
}
