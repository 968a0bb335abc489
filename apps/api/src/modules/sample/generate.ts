import type { TrafficMonth } from "../analytics";
import { INDUSTRIES, type IndustryProfile, type Topic } from "./industries";
import { hashUnit, Rng, sampleId } from "./prng";
import {
  AGE_BANDS,
  type AgeBand,
  BRAND_KEYWORD_TEMPLATES,
  COUNTRIES,
  CTAS,
  countryProfile,
  FIRST_NAMES,
  type Gender,
  HANDLE_SUFFIXES,
  INTERESTS,
  type InterestId,
  KEYWORD_TEMPLATES,
  LAST_INITIALS,
  NEUTRAL_LINES,
  OPENERS,
  PLATFORM_PROFILES,
  PLATFORMS,
  type Platform,
  POSITIVE_FLOURISHES,
  type PostFormat,
} from "./vocabulary";

/**
 * Deterministic sample data (issue 5): a seeded, streaming generator of a realistic brand landscape.
 *
 * `generateSample()` builds the small tables (brands, social accounts) eagerly and returns re-iterable
 * streams for the large ones, so 200k posts never sit in memory. Every stream draws from its own PRNG
 * keyed by (seed, path), so streams can be consumed in any order, any number of times, with the same
 * output. Ids are UUID v5 of (seed, path): reloading the same seed gives the same ids.
 *
 * Websites and post / profile URLs use `.example` hosts (RFC 2606), so nothing links to a real account.
 * Copy is English; engagement follows followers × platform rate × format × pillar × posting time, with a
 * log-normal spread and a Pareto tail of viral posts.
 *
 * `scale` shrinks the volume tables (posts, keywords, segments, influencers and their series)
 * proportionally; brands, accounts, the daily follower history and monthly traffic keep their shape.
 */

export type IndustryId = IndustryProfile["id"];
export type Tone = "positive" | "neutral" | "negative";

export interface GenerateOptions {
  seed?: number;
  /** Volume multiplier in (0, 1]: 1 = full size (issue minimums); 0.01 for fast tests. */
  scale?: number;
  /** End of the history (exclusive), floored to the start of its UTC day. */
  now?: Date | string;
}

export interface SampleBrand {
  id: string;
  slug: string;
  name: string;
  website: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  industry: IndustryId;
  logo: string;
  sample: true;
  /** The brand "Sample" in onboarding gives the user; the others are its landscape. */
  focus: boolean;
  /** Brands of the same industry: the competitor landscape. */
  competitorIds: string[];
  /** Topic ids of its content pillars (generator ground truth). */
  pillars: string[];
  language: "en";
}

export interface SampleSocialAccount {
  id: string;
  brandId: string;
  platform: Platform;
  handle: string;
  url: string;
}

export interface FollowerSnapshot {
  accountId: string;
  brandId: string;
  platform: Platform;
  /** UTC day, YYYY-MM-DD: followers at the end of that day. */
  date: string;
  followers: number;
}

export interface SamplePost {
  id: string;
  brandId: string;
  accountId: string;
  platform: Platform;
  url: string;
  postedAt: Date;
  text: string;
  format: PostFormat;
  likes: number;
  comments: number;
  /** null where the platform does not expose shares (missing, not zero). */
  shares: number | null;
  /** null where the platform does not show views for this format. */
  views: number | null;
  /** Generator ground truth, for testing analytics; not user-facing data. */
  topic: string;
  tone: Tone;
}

/** The sample's traffic gives every measure but GA4's own (engaged sessions, engagement time). */
export interface TrafficRow extends Omit<TrafficMonth, "engagedSessions" | "engagementSeconds"> {
  brandId: string;
  visits: number;
  searchVisits: number;
  pagesPerVisit: number;
  avgDuration: number;
  backlinks: number;
}

export interface SampleKeyword {
  id: string;
  keyword: string;
  industry: IndustryId;
  country: string;
  /** Set for navigational keywords that name a brand. */
  brandId: string | null;
  currency: "USD";
  cpc: number;
  /** Google Ads competition index 0–100. */
  competition: number;
  /** The 12 complete months of `SampleDataset.months`, oldest first. */
  monthlyVolumes: { month: string; volume: number }[];
}

export interface AudienceSegment {
  id: string;
  brandId: string;
  ageBand: AgeBand;
  gender: Gender;
  country: string;
  interests: { interest: InterestId; weight: number }[];
  /** Weights over the six platforms, summing to 1. */
  platformAffinity: Record<Platform, number>;
  size: number;
}

export interface InfluencerPost {
  id: string;
  url: string;
  postedAt: Date;
  format: PostFormat;
  text: string;
  likes: number;
  comments: number;
  shares: number | null;
  views: number | null;
}

export interface SampleInfluencer {
  id: string;
  handle: string;
  name: string;
  platform: Platform;
  country: string;
  industry: IndustryId;
  topics: InterestId[];
  followers: number;
  url: string;
  audience: {
    ages: Record<AgeBand, number>;
    genders: Record<Gender, number>;
    countries: { country: string; share: number }[];
    interests: { interest: InterestId; weight: number }[];
  };
  /** The 12 most recent posts, newest first, all within the last 90 days. */
  recentPosts: InfluencerPost[];
  hasDailySeries: boolean;
}

export interface InfluencerSnapshot {
  influencerId: string;
  date: string;
  followers: number;
}

export type AnomalyKind = "follower_spike" | "purge_drop" | "uniform_likes";
export interface PlantedAnomaly {
  influencerId: string;
  kind: AnomalyKind;
  /** Day of the jump (spike, drop). */
  date?: string;
}

export interface SampleCounts {
  brands: number;
  accounts: number;
  followerSnapshots: number;
  posts: number;
  traffic: number;
  keywords: number;
  audienceSegments: number;
  influencers: number;
  influencerSnapshots: number;
}

export interface SampleDataset {
  seed: number;
  scale: number;
  /** First instant of the history (inclusive). */
  from: Date;
  /** End of the history (exclusive). */
  to: Date;
  /** The 12 complete calendar months before `to`, oldest first (YYYY-MM). */
  months: string[];
  brands: readonly SampleBrand[];
  accounts: readonly SampleSocialAccount[];
  focusBrandId: string;
  plantedAnomalies: readonly PlantedAnomaly[];
  /** Exact row counts of every stream, known without generating them. */
  counts: SampleCounts;
  followerSnapshots(): Iterable<FollowerSnapshot>;
  posts(): Iterable<SamplePost>;
  traffic(): Iterable<TrafficRow>;
  keywords(): Iterable<SampleKeyword>;
  audienceSegments(): Iterable<AudienceSegment>;
  influencers(): Iterable<SampleInfluencer>;
  influencerSnapshots(): Iterable<InfluencerSnapshot>;
}

export const DEFAULT_SEED = 20_260_101;
export const DEFAULT_NOW = "2026-11-01T00:00:00.000Z";
export const HISTORY_DAYS = 365;
/** Full-scale volumes (scale 1), chosen above the minimums. */
export const FULL_SCALE = {
  posts: 216_000,
  keywords: 6_000,
  segmentsPerBrand: 48,
  influencers: 21_000,
  /** Share of influencers with a daily follower series. */
  influencerSeriesShare: 0.1,
  influencerSeriesDays: 90,
  influencerRecentPosts: 12,
} as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Monthly seasonality (January first) of activity, traffic and search volume. */
const SEASONALITY: Record<IndustryId, readonly number[]> = {
  "food-beverage": [1, 0.95, 0.95, 0.95, 0.95, 0.9, 0.9, 0.9, 1, 1.05, 1.15, 1.35],
  "sports-fitness": [1.3, 1.15, 1.1, 1.1, 1.1, 1.05, 1, 0.95, 1, 0.95, 0.9, 0.85],
  beauty: [1, 1.05, 1, 1, 1.05, 1, 0.95, 0.95, 1, 1.05, 1.2, 1.3],
  saas: [1.05, 1.05, 1.1, 1.05, 1, 0.95, 0.85, 0.85, 1.05, 1.1, 1.05, 0.85],
  fashion: [0.9, 0.85, 1, 1.05, 1.05, 1, 0.95, 0.95, 1.05, 1.1, 1.35, 1.3],
  "travel-hospitality": [1.25, 1.05, 1, 1.05, 1.1, 1.25, 1.3, 1.2, 0.95, 0.9, 0.85, 0.95],
};
/** Female share of the audience by industry. */
const FEMALE_SHARE: Record<IndustryId, number> = {
  "food-beverage": 0.58,
  "sports-fitness": 0.45,
  beauty: 0.82,
  saas: 0.38,
  fashion: 0.68,
  "travel-hospitality": 0.57,
};
const GENERAL_INTERESTS: readonly InterestId[] = [
  "music",
  "parenting",
  "gaming",
  "photography",
  "finance",
  "food",
];
const INFLUENCER_PLATFORM_WEIGHTS: Record<Platform, number> = {
  instagram: 40,
  tiktok: 25,
  youtube: 15,
  twitter: 8,
  facebook: 6,
  linkedin: 6,
};

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} out of range`);
  return item;
}

function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/&/g, "and")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Stochastic rounding keyed by a stable unit value, so small means still give realistic integers. */
function roundWith(value: number, u: number): number {
  const floor = Math.floor(value);
  return Math.max(0, floor + (u < value - floor ? 1 : 0));
}

/** Split `total` into integers proportional to `weights` (largest remainder). */
function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const result = exact.map(Math.floor);
  let rest = total - result.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    result[i] = at(result, i) + 1;
    rest--;
  }
  return result;
}

function normalise<K extends string>(weights: Record<K, number>, digits = 3): Record<K, number> {
  const keys = Object.keys(weights) as K[];
  const sum = keys.reduce((a, k) => a + weights[k], 0);
  const out = {} as Record<K, number>;
  for (const k of keys) out[k] = Number((weights[k] / sum).toFixed(digits));
  return out;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Hex digits of a UUID as numbers 0–15 (dashes skipped). */
function nibbles(uuid: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < uuid.length; i++) {
    const c = uuid.charCodeAt(i);
    if (c === 45) continue;
    out.push(c <= 57 ? c - 48 : c - 87);
  }
  return out;
}

/** A platform-style short code derived from the post id. */
function base62(uuid: string, length: number): string {
  const n = nibbles(uuid);
  let out = "";
  for (let i = 0; i < length; i++)
    out += BASE62.charAt(((n[i % 32] ?? 0) * 16 + (n[(i + 13) % 32] ?? 0) + i * 7) % 62);
  return out;
}

/** A platform-style numeric id (no leading zero) derived from the post id. */
function digits(uuid: string, length: number): string {
  const n = nibbles(uuid);
  let out = "1";
  for (let i = 0; out.length < length; i++) out += ((n[i % 32] ?? 0) % 10).toString();
  return out;
}

function postUrl(platform: Platform, handle: string, id: string, format: PostFormat): string {
  const host = PLATFORM_PROFILES[platform].host;
  switch (platform) {
    case "instagram":
      return `https://${host}/${format === "short" ? "reel" : "p"}/${base62(id, 11)}/`;
    case "tiktok":
      return `https://${host}/@${handle}/${format === "carousel" ? "photo" : "video"}/${digits(id, 19)}`;
    case "youtube":
      return format === "short"
        ? `https://${host}/shorts/${base62(id, 11)}`
        : `https://${host}/watch?v=${base62(id, 11)}`;
    case "facebook":
      return `https://${host}/${handle}/posts/${digits(id, 16)}`;
    case "linkedin":
      return `https://${host}/feed/update/urn:li:activity:${digits(id, 19)}`;
    case "twitter":
      return `https://${host}/${handle}/status/${digits(id, 19)}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Internal model: the small parameter tables every stream reads.

interface BrandModel {
  brand: SampleBrand;
  industry: IndustryProfile;
  index: number;
  /** Base audience on a 1.0 platform at the start of the history. */
  audience: number;
  products: string[];
  pillarWeights: number[];
  pillarTopics: Topic[];
  pillarBoost: number[];
  hashtag: string;
  /** Traffic: countries and their base shares. */
  markets: { country: string; share: number }[];
  visits: number;
  searchShare: number;
  pagesPerVisit: number;
  avgDuration: number;
  backlinks: number;
  growth: number;
  weekday: number[];
}

interface AccountModel {
  account: SampleSocialAccount;
  brand: BrandModel;
  index: number;
  startFollowers: number;
  /** Log growth over the year. */
  growth: number;
  bumps: { day: number; size: number }[];
  quality: number;
  hours: number[];
  formats: PostFormat[];
  formatWeights: number[];
  posts: number;
}

function buildBrands(seed: number): BrandModel[] {
  const models: BrandModel[] = [];
  for (const industry of INDUSTRIES) {
    for (const seedBrand of industry.brands) {
      const slug = slugify(seedBrand.name);
      const rng = new Rng(seed, `brand/${slug}`);
      const id = sampleId(seed, `brand/${slug}`);
      const topicCount = Math.min(industry.topics.length, rng.int(4, 6));
      const pillarTopics = rng.sample(industry.topics, topicCount);
      const home = countryProfile(seedBrand.country);
      const others = rng.sample(
        COUNTRIES.filter((c) => c.code !== home.code),
        rng.int(5, 8),
      );
      const homeShare = rng.range(0.35, 0.7);
      const otherWeights = others.map((c) => c.weight * rng.range(0.4, 1.6));
      const otherSum = otherWeights.reduce((a, b) => a + b, 0);
      const markets = [
        { country: home.code, share: homeShare },
        ...others.map((c, i) => ({
          country: c.code,
          share: ((1 - homeShare) * at(otherWeights, i)) / otherSum,
        })),
      ];
      const b2b = industry.id === "saas";
      const weekday = (b2b ? [0.25, 1.05, 1.3, 1.3, 1.25, 0.95, 0.2] : [0.8, 0.9, 1, 1, 1.15, 1.2, 1.05]).map(
        (w) => w * rng.range(0.85, 1.15),
      );
      models.push({
        brand: {
          id,
          slug,
          name: seedBrand.name,
          website: `https://${slug}.example`,
          country: seedBrand.country,
          industry: industry.id,
          logo: `/sample/logos/${slug}.svg`,
          sample: true,
          focus: models.length === 0,
          competitorIds: [],
          pillars: pillarTopics.map((t) => t.id),
          language: "en",
        },
        industry,
        index: models.length,
        audience: rng.logNormal(45_000, 0.9),
        products: rng.sample(industry.products, rng.int(5, 8)),
        pillarWeights: pillarTopics.map(() => rng.range(0.6, 1.6) ** 2),
        pillarTopics,
        pillarBoost: pillarTopics.map(() => rng.logNormal(1, 0.3)),
        hashtag: slug.replace(/-/g, ""),
        markets,
        visits: rng.logNormal(b2b ? 260_000 : 140_000, 0.8),
        searchShare: rng.range(0.28, 0.62),
        pagesPerVisit: rng.range(b2b ? 3 : 2.2, b2b ? 6 : 4.8),
        avgDuration: rng.range(b2b ? 150 : 70, b2b ? 420 : 260),
        backlinks: rng.logNormal(6_000, 1),
        growth: rng.range(-0.15, 0.45),
        weekday,
      });
    }
  }
  for (const model of models) {
    model.brand.competitorIds = models
      .filter((m) => m.industry.id === model.industry.id && m !== model)
      .map((m) => m.brand.id);
  }
  return models;
}

function buildAccounts(seed: number, brands: BrandModel[], totalPosts: number): AccountModel[] {
  const accounts: AccountModel[] = [];
  const activity: number[] = [];
  for (const brand of brands) {
    const rng = new Rng(seed, `brand/${brand.brand.slug}/accounts`);
    const entries = Object.entries(brand.industry.platforms) as [Platform, number][];
    const chosen = entries.filter(([platform], i) => i < 3 || platform === "linkedin" || rng.chance(0.75));
    for (const [platform, weight] of chosen) {
      const profile = PLATFORM_PROFILES[platform];
      const handle = brand.brand.slug.replace(/-/g, platform === "youtube" ? "" : "_");
      const id = sampleId(seed, `brand/${brand.brand.slug}/account/${platform}`);
      const consumerHours = [8, 12, 13, 18, 19, 20, 21];
      const b2bHours = [8, 9, 10, 11, 13, 14, 16];
      const hours = rng.sample(brand.industry.id === "saas" ? b2bHours : consumerHours, rng.int(2, 3));
      const formats = Object.keys(profile.formats) as PostFormat[];
      const bumps = Array.from({ length: rng.int(0, 3) }, () => ({
        day: rng.int(20, HISTORY_DAYS - 5),
        size: rng.range(0.02, 0.09),
      }));
      accounts.push({
        account: {
          id,
          brandId: brand.brand.id,
          platform,
          handle,
          url: `https://${profile.host}/${platform === "tiktok" ? "@" : ""}${handle}`,
        },
        brand,
        index: accounts.length,
        startFollowers: Math.max(300, brand.audience * profile.audience * rng.logNormal(1, 0.5)),
        growth: Math.log(1 + brand.growth * rng.range(0.5, 1.6) + (platform === "tiktok" ? 0.25 : 0)),
        bumps,
        quality: rng.logNormal(1, 0.3),
        hours,
        formats,
        formatWeights: formats.map((f) => (profile.formats[f] ?? 0) * rng.range(0.6, 1.4)),
        posts: 0,
      });
      activity.push(weight * rng.range(0.6, 1.5) * (brand.audience / 45_000) ** 0.25);
    }
  }
  const counts = allocate(totalPosts, activity);
  for (const a of accounts) a.posts = at(counts, a.index);
  return accounts;
}

/** Followers of an account at the end of day `day` (0 = first day of the history): closed form. */
function accountFollowers(seed: number, a: AccountModel, day: number): number {
  const t = day / HISTORY_DAYS;
  let f = a.startFollowers * Math.exp(a.growth * t + 0.015 * Math.sin(2 * Math.PI * (t * 2 + a.index / 7)));
  for (const bump of a.bumps) if (day >= bump.day) f *= 1 + bump.size * Math.min(1, (day - bump.day + 1) / 3);
  const noise = (hashUnit(seed, 11, a.index, day) - 0.5) * 0.002;
  return Math.round(f * (1 + noise));
}

interface Composer {
  seed: number;
  influencerCount: number;
}

function fill(line: string, rng: Rng, products: readonly string[], adjectives: readonly string[]): string {
  return line
    .replace(/\{product\}/g, () => rng.pick(products))
    .replace(/\{adj\}/g, () => rng.pick(adjectives));
}

function hashtagCount(platform: Platform, rng: Rng): number {
  switch (platform) {
    case "instagram":
      return rng.chance(0.1) ? rng.int(11, 18) : rng.int(2, 9);
    case "tiktok":
      return rng.int(3, 6);
    case "twitter":
      return rng.int(0, 2);
    case "linkedin":
      return rng.int(1, 4);
    case "facebook":
      return rng.int(0, 2);
    case "youtube":
      return rng.int(1, 3);
  }
}

function influencerHandle(index: number): string {
  const combos = FIRST_NAMES.length * LAST_INITIALS.length * HANDLE_SUFFIXES.length;
  const combo = (index * 7919 + 131) % combos;
  const first = at(FIRST_NAMES, combo % FIRST_NAMES.length);
  const initial = at(LAST_INITIALS, Math.floor(combo / FIRST_NAMES.length) % LAST_INITIALS.length);
  const suffix = at(HANDLE_SUFFIXES, Math.floor(combo / (FIRST_NAMES.length * LAST_INITIALS.length)));
  const round = Math.floor(index / combos);
  return `${first}${initial}.${suffix}${round > 0 ? round + 1 : ""}`;
}

const hashtagPools = new WeakMap<Topic, string[]>();

/** The topic's own hashtags plus the lead hashtag of every topic of the industry. */
function hashtagPool(industry: IndustryProfile, topic: Topic): string[] {
  let pool = hashtagPools.get(topic);
  if (!pool) {
    pool = [...topic.hashtags, ...industry.topics.flatMap((t) => t.hashtags.slice(0, 1))];
    hashtagPools.set(topic, pool);
  }
  return pool;
}

function caption(
  c: Composer,
  rng: Rng,
  input: {
    platform: Platform;
    industry: IndustryProfile;
    topic: Topic;
    tone: Tone;
    products: readonly string[];
    brandHashtag?: string;
  },
): string {
  const { platform, industry, topic, tone, products } = input;
  const parts: string[] = [];
  if (tone === "negative") {
    parts.push(fill(rng.pick(industry.negative), rng, products, industry.adjectives));
  } else if (tone === "neutral") {
    parts.push(fill(rng.pick(NEUTRAL_LINES), rng, products, industry.adjectives));
  } else {
    const [first, second] = rng.sample(topic.lines, 2);
    parts.push(rng.pick(OPENERS) + fill(first ?? "", rng, products, industry.adjectives));
    if (second && platform !== "twitter" && rng.chance(0.45))
      parts.push(fill(second, rng, products, industry.adjectives));
    if (rng.chance(0.35)) parts.push(rng.pick(POSITIVE_FLOURISHES));
    const cta = rng.pick(CTAS);
    if (cta) parts.push(cta);
    if (rng.chance(0.6))
      parts.push(rng.pick(industry.emoji) + (rng.chance(0.3) ? rng.pick(industry.emoji) : ""));
  }
  if (c.influencerCount > 0 && rng.chance(0.07))
    parts.push(`With @${influencerHandle(rng.int(0, c.influencerCount - 1))}`);
  const tags = new Set<string>();
  const wanted = hashtagCount(platform, rng);
  const pool = hashtagPool(industry, topic);
  if (input.brandHashtag && wanted > 0 && rng.chance(0.5)) tags.add(input.brandHashtag);
  for (let i = 0; tags.size < wanted && i < wanted * 3; i++) tags.add(rng.pick(pool));
  if (tags.size > 0) parts.push([...tags].map((t) => `#${t}`).join(" "));
  return parts.join(" ");
}

function engagementSplit(platform: Platform): { likes: number; comments: number; shares: number } {
  switch (platform) {
    case "twitter":
      return { likes: 0.72, comments: 0.1, shares: 0.18 };
    case "linkedin":
      return { likes: 0.82, comments: 0.1, shares: 0.08 };
    case "tiktok":
      return { likes: 0.86, comments: 0.04, shares: 0.1 };
    case "facebook":
      return { likes: 0.8, comments: 0.08, shares: 0.12 };
    default:
      return { likes: 0.95, comments: 0.05, shares: 0 };
  }
}

const FORMAT_BOOST: Record<PostFormat, number> = {
  image: 1,
  video: 1.15,
  carousel: 1.3,
  short: 1.6,
  text: 0.85,
  link: 0.6,
};

// ---------------------------------------------------------------------------------------------------------

export function generateSample(options: GenerateOptions = {}): SampleDataset {
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 1)) throw new Error("scale must be in (0, 1]");
  const nowMs = new Date(options.now ?? DEFAULT_NOW).getTime();
  if (Number.isNaN(nowMs)) throw new Error("now is not a valid date");
  const to = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const from = to - HISTORY_DAYS * DAY_MS;
  const toDate = new Date(to);
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(toDate.getUTCFullYear(), toDate.getUTCMonth() - 12 + i, 1));
    return d.toISOString().slice(0, 7);
  });

  const totalPosts = Math.max(1, Math.round(FULL_SCALE.posts * scale));
  const keywordTotal = Math.max(6, Math.round(FULL_SCALE.keywords * scale));
  const segmentsPerBrand = Math.max(6, Math.round(FULL_SCALE.segmentsPerBrand * scale));
  const influencerCount = Math.max(6, Math.round(FULL_SCALE.influencers * scale));

  const brandModels = buildBrands(seed);
  const accountModels = buildAccounts(seed, brandModels, totalPosts);
  const composer: Composer = { seed, influencerCount };

  // Influencers: which have a daily series, and the planted anomalies.
  const perKind = Math.max(1, Math.round(4 * Math.min(1, scale * 10)));
  const anomalyKinds: AnomalyKind[] = ["follower_spike", "purge_drop", "uniform_likes"];
  const anomalyByIndex = new Map<number, AnomalyKind>();
  const plantedCount = perKind * anomalyKinds.length;
  for (let j = 0; j < plantedCount; j++) {
    const index = Math.floor(((j + 0.5) * influencerCount) / plantedCount);
    anomalyByIndex.set(index, at(anomalyKinds, j % anomalyKinds.length));
  }
  const seriesStride = Math.round(1 / FULL_SCALE.influencerSeriesShare);
  const hasSeries = (i: number) => i % seriesStride === 0 || anomalyByIndex.has(i);
  let seriesCount = 0;
  for (let i = 0; i < influencerCount; i++) if (hasSeries(i)) seriesCount++;
  const seriesDays = FULL_SCALE.influencerSeriesDays;
  const anomalyDay = (kind: AnomalyKind) => (kind === "follower_spike" ? seriesDays - 30 : seriesDays - 15);
  const seriesStart = to - seriesDays * DAY_MS;
  const plantedAnomalies: PlantedAnomaly[] = [...anomalyByIndex.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([i, kind]) => ({
      influencerId: sampleId(seed, `influencer/${i}`),
      kind,
      ...(kind === "uniform_likes" ? {} : { date: isoDay(seriesStart + anomalyDay(kind) * DAY_MS) }),
    }));

  const keywordQuotas = allocate(
    keywordTotal,
    INDUSTRIES.map(() => 1),
  );

  const counts: SampleCounts = {
    brands: brandModels.length,
    accounts: accountModels.length,
    followerSnapshots: accountModels.length * HISTORY_DAYS,
    posts: totalPosts,
    traffic: brandModels.reduce((n, b) => n + b.markets.length * months.length, 0),
    keywords: keywordTotal,
    audienceSegments: brandModels.length * segmentsPerBrand,
    influencers: influencerCount,
    influencerSnapshots: seriesCount * seriesDays,
  };

  function* followerSnapshots(): Generator<FollowerSnapshot> {
    for (const a of accountModels) {
      for (let day = 0; day < HISTORY_DAYS; day++) {
        yield {
          accountId: a.account.id,
          brandId: a.account.brandId,
          platform: a.account.platform,
          date: isoDay(from + day * DAY_MS),
          followers: accountFollowers(seed, a, day),
        };
      }
    }
  }

  function* posts(): Generator<SamplePost> {
    for (const a of accountModels) {
      const brand = a.brand;
      const profile = PLATFORM_PROFILES[a.account.platform];
      const offset = countryProfile(brand.brand.country).utcOffset;
      const rng = new Rng(seed, `posts/${a.account.id}`);
      // Day weights: weekday rhythm × seasonality × campaign bursts, allocated exactly by cumulative rounding.
      const dayWeights: number[] = [];
      const burstStart = rng.int(0, HISTORY_DAYS - 30);
      for (let day = 0; day < HISTORY_DAYS; day++) {
        const date = new Date(from + day * DAY_MS);
        const season = at(SEASONALITY[brand.industry.id], date.getUTCMonth());
        const burst = day >= burstStart && day < burstStart + 21 ? 1.8 : 1;
        dayWeights.push(
          at(brand.weekday, date.getUTCDay()) *
            season *
            burst *
            (0.7 + 0.6 * hashUnit(seed, 3, a.index, day)),
        );
      }
      const weightSum = dayWeights.reduce((x, y) => x + y, 0);
      let cumulative = 0;
      let emitted = 0;
      let sequence = 0;
      for (let day = 0; day < HISTORY_DAYS; day++) {
        cumulative += at(dayWeights, day);
        const target = day === HISTORY_DAYS - 1 ? a.posts : Math.round((a.posts * cumulative) / weightSum);
        const n = target - emitted;
        emitted = target;
        if (n <= 0) continue;
        const times: number[] = [];
        for (let k = 0; k < n; k++) {
          const hour = Math.min(23.98, Math.max(0, rng.pick(a.hours) + rng.normal() * 1.3 + 0.5));
          const local = from + day * DAY_MS + hour * HOUR_MS;
          times.push(
            Math.min(to - 60_000, Math.max(from, Math.round((local - offset * HOUR_MS) / 60_000) * 60_000)),
          );
        }
        times.sort((x, y) => x - y);
        const followers = accountFollowers(seed, a, Math.max(0, day - 1));
        for (const time of times) {
          const id = sampleId(seed, `post/${a.account.id}/${sequence}`);
          sequence++;
          const roll = rng.next();
          const tone: Tone = roll < 0.045 ? "negative" : roll < 0.17 ? "neutral" : "positive";
          const pillar = rng.weightedIndex(brand.pillarWeights);
          const topic = at(brand.pillarTopics, pillar);
          const format = rng.weighted(a.formats, a.formatWeights);
          const text = caption(composer, rng, {
            platform: a.account.platform,
            industry: brand.industry,
            topic,
            tone,
            products: brand.products,
            brandHashtag: brand.hashtag,
          });
          // Engagement: followers × platform rate × format × pillar × timing × noise × a heavy viral tail.
          const localDate = new Date(time + offset * HOUR_MS);
          const localHour = localDate.getUTCHours();
          const weekday = localDate.getUTCDay();
          const timing =
            brand.industry.id === "saas"
              ? (weekday >= 2 && weekday <= 4 && localHour >= 8 && localHour <= 11 ? 1.35 : 1) *
                (weekday === 0 || weekday === 6 ? 0.7 : 1)
              : (localHour >= 18 && localHour <= 21 ? 1.3 : 1) * (weekday === 0 || weekday === 6 ? 1.15 : 1);
          const toneBoost = tone === "negative" ? 0.6 : tone === "neutral" ? 0.7 : 1;
          let viral = 1;
          if (rng.chance(0.012)) viral = Math.min(400, rng.pareto(3, 1.2));
          else if (rng.chance(0.05)) viral = 0.25;
          const engagement =
            followers *
            profile.engagementRate *
            a.quality *
            FORMAT_BOOST[format] *
            at(brand.pillarBoost, pillar) *
            timing *
            toneBoost *
            viral *
            rng.logNormal(1, 0.5);
          const split = engagementSplit(a.account.platform);
          const commentShare = split.comments * (tone === "negative" ? 3 : 1) * rng.range(0.6, 1.4);
          const likes = roundWith(engagement * split.likes, rng.next());
          const comments = roundWith(engagement * commentShare, rng.next());
          const shares = profile.shares
            ? roundWith(engagement * split.shares * rng.range(0.5, 1.5), rng.next())
            : null;
          let views: number | null = null;
          if (profile.viewFormats.includes(format)) {
            const likeRate = Math.min(
              0.4,
              rng.logNormal(a.account.platform === "twitter" ? 0.012 : 0.045, 0.4),
            );
            views = Math.max(likes, Math.round(likes / likeRate), Math.round(followers * 0.02));
          }
          yield {
            id,
            brandId: brand.brand.id,
            accountId: a.account.id,
            platform: a.account.platform,
            url: postUrl(a.account.platform, a.account.handle, id, format),
            postedAt: new Date(time),
            text,
            format,
            likes,
            comments,
            shares,
            views,
            topic: tone === "positive" ? topic.id : tone === "negative" ? "customer-care" : "announcements",
            tone,
          };
        }
      }
    }
  }

  function* traffic(): Generator<TrafficRow> {
    for (const b of brandModels) {
      const rng = new Rng(seed, `traffic/${b.brand.slug}`);
      let backlinks = b.backlinks;
      for (let m = 0; m < months.length; m++) {
        const month = at(months, m);
        const calendarMonth = Number(month.slice(5, 7)) - 1;
        const total =
          b.visits *
          (1 + b.growth) ** (m / 12) *
          at(SEASONALITY[b.industry.id], calendarMonth) *
          rng.logNormal(1, 0.08);
        backlinks = Math.max(10, backlinks * (1 + b.growth / 12 + rng.normal() * 0.02));
        const shares = b.markets.map((mk) => mk.share * rng.logNormal(1, 0.1));
        const shareSum = shares.reduce((x, y) => x + y, 0);
        for (let c = 0; c < b.markets.length; c++) {
          const visits = Math.round((total * at(shares, c)) / shareSum);
          yield {
            brandId: b.brand.id,
            month,
            country: at(b.markets, c).country,
            visits,
            searchVisits: Math.round(visits * Math.min(0.95, b.searchShare * rng.logNormal(1, 0.1))),
            pagesPerVisit: Number((b.pagesPerVisit * rng.logNormal(1, 0.08)).toFixed(2)),
            avgDuration: Math.round(b.avgDuration * rng.logNormal(1, 0.1)),
            backlinks: Math.round(backlinks),
          };
        }
      }
    }
  }

  function* keywords(): Generator<SampleKeyword> {
    for (let ii = 0; ii < INDUSTRIES.length; ii++) {
      const industry = at(INDUSTRIES, ii);
      const brands = brandModels.filter((b) => b.industry.id === industry.id);
      const rng = new Rng(seed, `keywords/${industry.id}`);
      const markets = [...new Set(["US", "GB", ...brands.map((b) => b.brand.country)])];
      const countryName = new Map(markets.map((c) => [c, countryProfile(c).name]));
      const pairs: { keyword: string; country: string; brandId: string | null }[] = [];
      const seen = new Set<string>();
      const add = (keyword: string, country: string, brandId: string | null) => {
        const key = `${keyword}|${country}`;
        if (seen.has(key)) return;
        seen.add(key);
        pairs.push({ keyword, country, brandId });
      };
      for (const head of industry.keywordHeads) {
        for (const template of KEYWORD_TEMPLATES) {
          if (template.includes("{country}")) {
            for (const c of markets)
              add(template.replace("{head}", head).replace("{country}", countryName.get(c) ?? c), c, null);
            continue;
          }
          const variants = template.includes("{audience}")
            ? industry.keywordAudiences.map((x) => template.replace("{audience}", x))
            : template.includes("{verb}")
              ? industry.keywordVerbs.map((x) => template.replace("{verb}", x))
              : [template];
          for (const v of variants) for (const c of markets) add(v.replace("{head}", head), c, null);
        }
      }
      for (const b of brands) {
        const rival = brands[(brands.indexOf(b) + 1) % brands.length] ?? b;
        for (const template of BRAND_KEYWORD_TEMPLATES) {
          const keyword = template
            .replace("{brand}", b.brand.name.toLowerCase())
            .replace("{rival}", rival.brand.name.toLowerCase());
          for (const c of markets) add(keyword, c, b.brand.id);
        }
      }
      // Brand keywords first (every brand has its navigational terms), then a seeded shuffle of the rest.
      const branded = pairs.filter((p) => p.brandId !== null);
      const generic = rng.sample(
        pairs.filter((p) => p.brandId === null),
        pairs.length,
      );
      const quota = at(keywordQuotas, ii);
      const chosen = [
        ...rng.sample(branded, Math.min(branded.length, Math.ceil(quota * 0.05))),
        ...generic,
      ].slice(0, quota);
      for (const p of chosen) {
        const words = p.keyword.split(" ").length;
        const transactional = /\b(buy|price|cheap|sale|discount|coupon|shipping|subscription|order)\b/.test(
          p.keyword,
        );
        const informational = /^(how|what)\b|\b(guide|tips|ideas)\b/.test(p.keyword);
        const base =
          rng.logNormal(words <= 2 ? 18_000 : words === 3 ? 2_600 : 500, 1) *
          (countryProfile(p.country).weight / 30) ** 0.7 *
          (p.brandId ? 0.3 : 1);
        const trend = rng.range(-0.4, 0.7);
        const monthlyVolumes = months.map((month, m) => {
          const season = at(SEASONALITY[industry.id], Number(month.slice(5, 7)) - 1);
          const v = base * (1 + trend) ** (m / 11) * season ** 1.5 * rng.logNormal(1, 0.12);
          return { month, volume: v < 10 ? Math.round(v) : Math.round(v / 10) * 10 };
        });
        const [low, high] = industry.cpc;
        const cpc =
          Math.exp(rng.range(Math.log(low), Math.log(high))) *
          (transactional ? 1.6 : informational ? 0.45 : 1);
        const competition = Math.round(
          Math.min(100, Math.max(0, (transactional ? 72 : informational ? 22 : 45) + rng.normal() * 15)),
        );
        yield {
          id: sampleId(seed, `keyword/${industry.id}/${p.country}/${p.keyword}`),
          keyword: p.keyword,
          industry: industry.id,
          country: p.country,
          brandId: p.brandId,
          currency: "USD",
          cpc: Number(cpc.toFixed(2)),
          competition,
          monthlyVolumes,
        };
      }
    }
  }

  function* audienceSegments(): Generator<AudienceSegment> {
    for (const b of brandModels) {
      const rng = new Rng(seed, `segments/${b.brand.slug}`);
      const young = b.industry.id === "beauty" || b.industry.id === "fashion";
      const ageWeights = AGE_BANDS.map(
        (_, i) => (young ? [0.5, 3, 3, 2, 1.2, 0.6, 0.3] : [0.1, 1.6, 3, 2.6, 1.6, 0.9, 0.5])[i] ?? 1,
      );
      const female = FEMALE_SHARE[b.industry.id];
      const countries = b.markets.slice(0, 5);
      const cells: { age: number; gender: Gender; country: number; weight: number }[] = [];
      for (let age = 0; age < AGE_BANDS.length; age++)
        for (const gender of ["female", "male"] as const)
          for (let c = 0; c < countries.length; c++)
            cells.push({
              age,
              gender,
              country: c,
              weight:
                at(ageWeights, age) * (gender === "female" ? female : 1 - female) * at(countries, c).share,
            });
      // Keep the heaviest cells (with a little randomness), as a panel would report them.
      const ranked = cells
        .map((cell) => ({ cell, key: cell.weight * rng.logNormal(1, 0.5) }))
        .sort((x, y) => y.key - x.key)
        .slice(0, segmentsPerBrand);
      const totalAudience = b.audience * 4;
      for (const { cell } of ranked) {
        const ageBand = at(AGE_BANDS, cell.age);
        const country = at(countries, cell.country).country;
        const interestPool: InterestId[] = [...b.industry.interests];
        if (cell.age <= 2) interestPool.push("gaming", "music", "streetwear");
        if (cell.age >= 2 && cell.age <= 4) interestPool.push("parenting", "finance");
        if (cell.age >= 4) interestPool.push("travel", "cooking");
        const chosen = rng.sample([...new Set(interestPool)], rng.int(3, 5));
        const raw = chosen.map(() => rng.range(0.3, 1));
        const rawSum = raw.reduce((x, y) => x + y, 0);
        const affinity: Record<Platform, number> = {
          facebook: 0.5 + cell.age * 0.5,
          instagram: 3 - cell.age * 0.3,
          youtube: 1.5,
          tiktok: Math.max(0.1, 3.2 - cell.age * 0.6),
          linkedin: b.industry.id === "saas" ? 3 : cell.age >= 2 && cell.age <= 4 ? 0.6 : 0.15,
          twitter: 0.6,
        };
        for (const p of PLATFORMS) affinity[p] *= rng.range(0.7, 1.3);
        yield {
          id: sampleId(seed, `segment/${b.brand.slug}/${ageBand}/${cell.gender}/${country}`),
          brandId: b.brand.id,
          ageBand,
          gender: cell.gender,
          country,
          interests: chosen.map((interest, i) => ({
            interest,
            weight: Number((at(raw, i) / rawSum).toFixed(3)),
          })),
          platformAffinity: normalise(affinity),
          size: Math.max(50, Math.round(totalAudience * cell.weight * rng.logNormal(1, 0.25))),
        };
      }
    }
  }

  /** The cheap part of an influencer, shared by the profile and the daily series streams. */
  function influencerCore(i: number) {
    const rng = new Rng(seed, `influencer/${i}`);
    const platform = rng.weighted(
      PLATFORMS,
      PLATFORMS.map((p) => INFLUENCER_PLATFORM_WEIGHTS[p]),
    );
    const industry = at(INDUSTRIES, rng.int(0, INDUSTRIES.length - 1));
    const country = rng.weighted(
      COUNTRIES.map((c) => c.code),
      COUNTRIES.map((c) => c.weight),
    );
    const kind = anomalyByIndex.get(i);
    const followers = Math.round(
      Math.min(12_000_000, Math.max(800, rng.logNormal(14_000, 1.5) * (kind ? 3 : 1) + (kind ? 20_000 : 0))),
    );
    const dailyGrowth = rng.normal() * 0.0015 + 0.001;
    return { rng, platform, industry, country, followers, dailyGrowth, kind };
  }

  function* influencers(): Generator<SampleInfluencer> {
    for (let i = 0; i < influencerCount; i++) {
      const core = influencerCore(i);
      const { rng, platform, industry, country, followers, kind } = core;
      const id = sampleId(seed, `influencer/${i}`);
      const handle = influencerHandle(i);
      const topics = rng.sample(industry.interests, rng.int(1, 3));
      if (rng.chance(0.4)) {
        const extra = rng.pick(GENERAL_INTERESTS);
        if (!topics.includes(extra)) topics.push(extra);
      }
      // Audience demographics.
      const peak =
        platform === "tiktok" ? 1 : platform === "linkedin" ? 2.7 : platform === "facebook" ? 3.2 : 2;
      const agesRaw = {} as Record<AgeBand, number>;
      AGE_BANDS.forEach((band, a) => {
        agesRaw[band] = Math.exp(-((a - peak - rng.normal() * 0.3) ** 2) / 1.8) + 0.02;
      });
      const femaleShare = Math.min(0.95, Math.max(0.05, FEMALE_SHARE[industry.id] + rng.normal() * 0.12));
      const others = rng.sample(
        COUNTRIES.filter((c) => c.code !== country),
        rng.int(2, 4),
      );
      const homeShare = rng.range(0.4, 0.8);
      const otherRaw = others.map(() => rng.range(0.2, 1));
      const otherSum = otherRaw.reduce((x, y) => x + y, 0);
      const audienceInterests = [...new Set([...topics, ...rng.sample(INTERESTS, 2)])];
      const interestRaw = audienceInterests.map((t) =>
        topics.includes(t) ? rng.range(0.6, 1) : rng.range(0.05, 0.3),
      );
      const interestSum = interestRaw.reduce((x, y) => x + y, 0);

      // Recent posts: 12, newest first, every 2–8 days back from the end of the history.
      const profile = PLATFORM_PROFILES[platform];
      const rate =
        Math.min(0.25, 0.06 * (followers / 1000) ** -0.18) *
        (profile.engagementRate / 0.012) ** 0.5 *
        rng.logNormal(1, 0.45);
      const postRng = new Rng(seed, `influencer/${i}/posts`);
      const uniform = kind === "uniform_likes";
      const recentPosts: InfluencerPost[] = [];
      let time = to - postRng.range(0.2, 2) * DAY_MS;
      const formats = Object.keys(profile.formats) as PostFormat[];
      const formatWeights = formats.map((f) => profile.formats[f] ?? 0);
      for (let k = 0; k < FULL_SCALE.influencerRecentPosts; k++) {
        const postId = sampleId(seed, `influencer/${i}/post/${k}`);
        const format = postRng.weighted(formats, formatWeights);
        const engagement =
          followers *
          rate *
          (uniform ? postRng.range(0.97, 1.03) : postRng.logNormal(1, 0.45)) *
          (!uniform && postRng.chance(0.03) ? postRng.pareto(2, 1.5) : 1);
        const split = engagementSplit(platform);
        const likes = Math.round(engagement * split.likes);
        const views = profile.viewFormats.includes(format)
          ? Math.max(likes, Math.round(likes / Math.min(0.4, postRng.logNormal(0.06, 0.35))))
          : null;
        recentPosts.push({
          id: postId,
          url: postUrl(platform, handle, postId, format),
          postedAt: new Date(Math.round(time / 60_000) * 60_000),
          format,
          text: caption(composer, postRng, {
            platform,
            industry,
            topic: postRng.pick(industry.topics),
            tone: postRng.chance(0.9) ? "positive" : "neutral",
            products: industry.products,
          }),
          likes,
          comments: Math.round(engagement * split.comments * postRng.range(0.5, 1.5)),
          shares: profile.shares ? Math.round(engagement * split.shares * postRng.range(0.5, 1.5)) : null,
          views,
        });
        time -= postRng.range(2, 7.5) * DAY_MS;
      }
      const name = handle.split(".")[0] ?? handle;
      yield {
        id,
        handle,
        name: `${name.charAt(0).toUpperCase()}${name.slice(1, -1)} ${name.slice(-1).toUpperCase()}.`,
        platform,
        country,
        industry: industry.id,
        topics,
        followers,
        url: `https://${profile.host}/${platform === "tiktok" ? "@" : ""}${handle}`,
        audience: {
          ages: normalise(agesRaw),
          genders: normalise({ female: femaleShare, male: 1 - femaleShare }),
          countries: [
            { country, share: Number(homeShare.toFixed(3)) },
            ...others.map((c, k) => ({
              country: c.code,
              share: Number((((1 - homeShare) * at(otherRaw, k)) / otherSum).toFixed(3)),
            })),
          ],
          interests: audienceInterests.map((interest, k) => ({
            interest,
            weight: Number((at(interestRaw, k) / interestSum).toFixed(3)),
          })),
        },
        recentPosts,
        hasDailySeries: hasSeries(i),
      };
    }
  }

  function* influencerSnapshots(): Generator<InfluencerSnapshot> {
    for (let i = 0; i < influencerCount; i++) {
      if (!hasSeries(i)) continue;
      const { followers, dailyGrowth, kind } = influencerCore(i);
      const id = sampleId(seed, `influencer/${i}`);
      // Walk backwards from today's count so the last snapshot equals the profile's followers.
      const values: number[] = new Array(seriesDays);
      let f = followers;
      for (let day = seriesDays - 1; day >= 0; day--) {
        values[day] = Math.round(f);
        let change = dailyGrowth + (hashUnit(seed, 29, i, day) - 0.5) * 0.002;
        if (kind === "follower_spike" && day === anomalyDay(kind)) {
          // A round-number jump well above normal growth (a giveaway or bought followers).
          const jump = Math.max(5_000, Math.round((f * 0.12) / 1_000) * 1_000);
          f -= jump;
          change = 0;
        }
        if (kind === "purge_drop" && day >= anomalyDay(kind) && day < anomalyDay(kind) + 2) change = -0.035;
        f = f / (1 + change);
      }
      for (let day = 0; day < seriesDays; day++) {
        yield { influencerId: id, date: isoDay(seriesStart + day * DAY_MS), followers: values[day] ?? 0 };
      }
    }
  }

  const focus = at(brandModels, 0).brand;
  return {
    seed,
    scale,
    from: new Date(from),
    to: toDate,
    months,
    brands: brandModels.map((b) => b.brand),
    accounts: accountModels.map((a) => a.account),
    focusBrandId: focus.id,
    plantedAnomalies,
    counts,
    followerSnapshots,
    posts,
    traffic,
    keywords,
    audienceSegments,
    influencers,
    influencerSnapshots,
  };
}
