import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type SocialNetwork, socialNetworks } from "../domain/social-networks";
import { users, workspaces } from "./accounts.schema";
import { createdAt, oneOf } from "./columns";
import { bytea } from "./files.schema";

export { type SocialNetwork, socialNetworks };
export const collectionStatuses = ["pending", "in-progress", "active", "error"] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];
/** Where raw rows came from; the figures' provenance is derived from it. */
export const dataSources = ["sample", "website", "csv_import", "provider"] as const;
export type DataSource = (typeof dataSources)[number];

/**
 * A company whose data is collected: a workspace's own brand or one of its competitors. Sample brands are shared
 * by every workspace that chose Sample (workspace_id null), so their 200,000 posts are stored once.
 */
export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    website: text("website").notNull(),
    country: text("country"),
    industry: text("industry"),
    logo: text("logo"),
    description: text("description"),
    sample: boolean("sample").notNull().default(false),
    status: text("status", { enum: collectionStatuses }).notNull(),
    statusReason: text("status_reason"),
    /** When the last collection or import changed the raw data; figures computed before it are stale. */
    dataChangedAt: timestamp("data_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("brands_workspace_id_idx").on(t.workspaceId),
    check("brands_status_check", oneOf("status", collectionStatuses)),
    check("brands_sample_shared_check", sql`not ${t.sample} or ${t.workspaceId} is null`),
  ],
);

/**
 * The owner of a row of a brand's own data (its searches, creators, creator searches): the workspace that stored it
 * and the brand it describes, both removed with their rows.
 */
export const brandOwnerColumns = () => ({
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  brandId: uuid("brand_id")
    .notNull()
    .references(() => brands.id, { onDelete: "cascade" }),
});

/** A workspace's own brands; the newest is the one the modules show. */
export const workspaceBrands = pgTable(
  "workspace_brands",
  {
    ...brandOwnerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.brandId] }),
    index("workspace_brands_brand_id_idx").on(t.brandId),
    index("workspace_brands_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** The competitors a workspace follows for one of its brands. */
export const brandCompetitors = pgTable(
  "brand_competitors",
  {
    ...brandOwnerColumns(),
    competitorId: uuid("competitor_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.brandId, t.competitorId] }),
    index("brand_competitors_competitor_id_idx").on(t.competitorId),
  ],
);

export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: socialNetworks }).notNull(),
    handle: text("handle"),
    url: text("url").notNull(),
  },
  (t) => [
    uniqueIndex("social_accounts_brand_platform_key").on(t.brandId, t.platform),
    check("social_accounts_platform_check", oneOf("platform", socialNetworks)),
  ],
);

export const followerSnapshots = pgTable(
  "follower_snapshots",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: socialNetworks }).notNull(),
    day: date("day").notNull(),
    followers: integer("followers").notNull(),
    source: text("source", { enum: dataSources }).notNull(),
    /**
     * The rounding step of `followers` when its source rounds the count: YouTube's subscriber counts are rounded
     * down to three significant figures, so 12,300 with step 100 stands for 12,300 to 12,399. Null when exact.
     */
    roundedTo: integer("rounded_to"),
    /** The import that stored the row last (removing it removes the row); null for collected or sample data. */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.platform, t.day] }),
    index("follower_snapshots_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
  ],
);

/** Raw posts. Re-importing a post (same brand, platform and URL) updates it instead of adding a copy. */
export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: socialNetworks }).notNull(),
    url: text("url").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
    text: text("text").notNull(),
    format: text("format").notNull(),
    /** Null where the platform or export does not give them: missing, not zero (an export without Likes). */
    likes: integer("likes"),
    comments: integer("comments"),
    shares: integer("shares"),
    /**
     * Views, plays, impressions and reach are different measures, each kept apart and compared only with itself
     * (docs/analytics-methods.md §0): video views (YouTube, TikTok, a LinkedIn video, Meta's Views since 2025);
     * Instagram's reel plays before 2025; times shown (YouTube: the thumbnail); accounts reached once each.
     */
    views: integer("views"),
    plays: integer("plays"),
    impressions: integer("impressions"),
    reach: integer("reach"),
    source: text("source", { enum: dataSources }).notNull(),
    /** The import that stored the row last (removing it removes the row); null for collected or sample data. */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("posts_brand_platform_url_key").on(t.brandId, t.platform, t.url),
    index("posts_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
    index("posts_brand_posted_at_idx").on(t.brandId, t.postedAt),
    check("posts_platform_check", oneOf("platform", socialNetworks)),
  ],
);

export const trafficMonths = pgTable(
  "traffic_months",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    /** First day of the calendar month. */
    month: date("month").notNull(),
    /** ISO 3166-1 alpha-2, or "unknown" for visits an export could not place (GA4's "(not set)", "(other)"). */
    country: text("country").notNull(),
    /**
     * Each measure is null where the source does not give it (a GA4 country export has no Views, no channel split
     * and no backlinks): unknown, never 0 (docs/analytics-methods.md §2 "Website metrics").
     */
    visits: integer("visits"),
    searchVisits: integer("search_visits"),
    pagesPerVisit: doublePrecision("pages_per_visit"),
    /** Seconds. */
    avgDuration: doublePrecision("avg_duration"),
    backlinks: integer("backlinks"),
    /** GA4's engaged sessions: a subset of the visits, kept apart from them. */
    engagedSessions: integer("engaged_sessions"),
    /** GA4's total engagement time in seconds (its averages times their denominators), to average per visit. */
    engagementSeconds: doublePrecision("engagement_seconds"),
    source: text("source", { enum: dataSources }).notNull(),
    /** The import that stored the row (removing it removes the row); null for sample data. */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.month, t.country] }),
    index("traffic_months_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
  ],
);

/**
 * Keywords with search volume and cost per click. Industry keywords (brand_id null) come with the sample and are
 * the sample brand's alone; a keyword planner import adds the brand's own. `trend` holds 12 monthly volumes, oldest
 * first, from `trend_start`.
 */
export const keywords = pgTable(
  "keywords",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "cascade" }),
    industry: text("industry"),
    country: text("country").notNull(),
    keyword: text("keyword").notNull(),
    currency: text("currency").notNull(),
    cpc: doublePrecision("cpc"),
    competition: doublePrecision("competition"),
    volume: integer("volume"),
    /**
     * The range a bucketed Keyword Planner export gives instead of a volume (docs/import-formats.md §1), both bounds
     * or neither; `volume` is then null, so nothing sums a range as if it were exact.
     */
    volumeLow: integer("volume_low"),
    volumeHigh: integer("volume_high"),
    trend: integer("trend").array().notNull(),
    trendStart: date("trend_start"),
    intent: text("intent").notNull(),
    source: text("source", { enum: dataSources }).notNull(),
    /**
     * When Google Ads keyword planning (modules/connectors/google-ads*.ts) last gave this provider row its volume,
     * CPC, competition and trend; null when it did not (imports, samples). Search Console's queries are not
     * keywords: they are the brand's searches (search_queries), without a volume.
     */
    plannedAt: timestamp("planned_at", { withTimezone: true }),
    /** The import that stored the row last (removing it removes the row); null for collected or sample data. */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("keywords_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
    uniqueIndex("keywords_owner_country_keyword_key").on(
      sql`coalesce(${t.brandId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.country,
      sql`lower(${t.keyword})`,
    ),
    index("keywords_industry_country_volume_idx").on(t.industry, t.country, t.volume.desc(), t.id),
    index("keywords_brand_id_idx").on(t.brandId),
    // The country (btree_gin) and the text's trigrams in one GIN index: a search within a country intersects
    // both in the index rather than reading every key of the country; without a country, the trigrams alone.
    index("keywords_country_keyword_trgm_idx").using("gin", t.country, sql`lower(${t.keyword}) gin_trgm_ops`),
  ],
);

export const audienceSegments = pgTable(
  "audience_segments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    ageBand: text("age_band").notNull(),
    gender: text("gender").notNull(),
    country: text("country").notNull(),
    interests: jsonb("interests").$type<{ interest: string; weight: number }[]>().notNull(),
    platformAffinity: jsonb("platform_affinity").$type<Partial<Record<SocialNetwork, number>>>().notNull(),
    size: integer("size").notNull(),
    source: text("source", { enum: dataSources }).notNull(),
    /** The audience export that stored the segment (removing the import removes it); null for the sample's. */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("audience_segments_brand_id_idx").on(t.brandId),
    index("audience_segments_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
  ],
);

export interface InfluencerAudience {
  ages: { label: string; share: number }[];
  genders: { label: string; share: number }[];
  countries: { label: string; share: number }[];
  interests?: { label: string; share: number }[];
}
export interface InfluencerRecentPost {
  url: string;
  postedAt: string;
  format: string;
  text: string;
  likes: number;
  comments: number;
  shares: number | null;
  views: number | null;
}

/** Influencer profiles: one pool every brand is ranked against. */
export const influencers = pgTable(
  "influencers",
  {
    id: uuid("id").primaryKey(),
    handle: text("handle").notNull(),
    name: text("name").notNull(),
    platform: text("platform", { enum: socialNetworks }).notNull(),
    country: text("country"),
    industry: text("industry"),
    topics: text("topics").array().notNull(),
    followers: integer("followers").notNull(),
    url: text("url").notNull(),
    avatar: text("avatar"),
    audience: jsonb("audience").$type<InfluencerAudience>(),
    recentPosts: jsonb("recent_posts").$type<InfluencerRecentPost[]>().notNull(),
    /** Figures of the profile alone (ER, tier percentile, flags); the brand-specific ones are in influencer_scores. */
    engagementRate: doublePrecision("engagement_rate"),
    erPercentile: doublePrecision("er_percentile"),
    authenticity: doublePrecision("authenticity"),
    flags: jsonb("flags").$type<{ kind: string; date?: string; detail: string }[]>().notNull().default([]),
    source: text("source", { enum: dataSources }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("influencers_industry_idx").on(t.industry, t.platform),
    index("influencers_name_trgm_idx").using("gin", sql`lower(${t.name} || ' ' || ${t.handle}) gin_trgm_ops`),
  ],
);

export const influencerSnapshots = pgTable(
  "influencer_snapshots",
  {
    influencerId: uuid("influencer_id")
      .notNull()
      .references(() => influencers.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    followers: integer("followers").notNull(),
  },
  (t) => [primaryKey({ columns: [t.influencerId, t.day] })],
);

/** pending: read and checked, waiting for the user to import it (its file is in import_files). */
export const importStatuses = ["completed", "failed", "pending"] as const;

/** A CSV upload and its outcome; failed ones are kept so the user sees why. */
export const imports = pgTable(
  "imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...brandOwnerColumns(),
    format: text("format").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: importStatuses }).notNull(),
    rows: integer("rows").notNull(),
    imported: integer("imported").notNull(),
    errors: jsonb("errors").$type<{ row: number; column?: string; message: string }[]>().notNull(),
    /** First and last day of the rows the file stores; null when it stores none (or for older imports). */
    firstDay: date("first_day"),
    lastDay: date("last_day"),
    /** Who uploaded the file; null once their account is deleted (the import stays the workspace's). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("imports_workspace_created_idx").on(t.workspaceId, t.createdAt),
    // A module read names the brand's import formats (module-reads.repo.ts importedFormats): without it, every read
    // scanned all imports (npm run bench:scale).
    index("imports_brand_idx").on(t.brandId),
    check("imports_status_check", oneOf("status", importStatuses)),
  ],
);

/**
 * The file of a pending import, kept until the user imports or discards it (or it expires): private to the
 * workspace, unlike FileStorage, whose files are served at /media. Commit reads it again with the same day.
 */
export const importFiles = pgTable("import_files", {
  importId: uuid("import_id")
    .primaryKey()
    .references(() => imports.id, { onDelete: "cascade" }),
  /** The export day used for dates without a year when it was read (brand/read-export.ts). */
  referenceDate: date("reference_date").notNull(),
  data: bytea("data").notNull(),
});

/**
 * Precomputed, chart-ready figures of one brand: one row per module and period (`30d`, `custom:…`), written by
 * the compute job, read by the module calls with one primary-key lookup.
 */
export const figures = pgTable(
  "figures",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    module: text("module").notNull(),
    periodKey: text("period_key").notNull(),
    payload: jsonb("payload").notNull(),
    dataAsOf: timestamp("data_as_of", { withTimezone: true }),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.module, t.periodKey] })],
);

/** Personas derived from a brand's audience segments; `details` holds the detail figures. */
export const personas = pgTable(
  "personas",
  {
    id: uuid("id").primaryKey(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    name: text("name").notNull(),
    /** The name folded (no accents, lower case) so "by name" is the same order on every server's collation. */
    sortKey: text("sort_key").notNull(),
    ageMin: integer("age_min").notNull(),
    ageMax: integer("age_max").notNull(),
    gender: text("gender").notNull(),
    interests: text("interests").array().notNull(),
    platforms: text("platforms").array().notNull(),
    size: integer("size").notNull(),
    share: doublePrecision("share").notNull(),
    engagementRate: doublePrecision("engagement_rate"),
    country: text("country"),
    industry: text("industry"),
    vector: jsonb("vector").$type<number[]>().notNull(),
    details: jsonb("details").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("personas_brand_sort_key_idx").on(t.brandId, t.sortKey, t.id),
    index("personas_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** How well each influencer suits a brand (score per docs/analytics-methods.md §4), for the ranked list. */
export const influencerScores = pgTable(
  "influencer_scores",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    influencerId: uuid("influencer_id")
      .notNull()
      .references(() => influencers.id, { onDelete: "cascade" }),
    /** The influencer's platform, copied here so a platform's ranking is one index range (list filter, peers). */
    platform: text("platform").notNull(),
    score: doublePrecision("score").notNull(),
    fit: doublePrecision("fit"),
    personaId: uuid("persona_id"),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.influencerId] }),
    index("influencer_scores_brand_score_idx").on(t.brandId, t.score.desc(), t.influencerId),
    index("influencer_scores_brand_platform_score_idx").on(
      t.brandId,
      t.platform,
      t.score.desc(),
      t.influencerId,
    ),
  ],
);

/**
 * Where a brand's own creator came from (docs/analytics-methods.md §4.8): a creator list it imported, an @mention in
 * its or its competitors' imported posts, a YouTube channel search, an Instagram handle added by hand.
 */
export const creatorOrigins = [
  "creator_list",
  "mentioned_in_posts",
  "youtube_search",
  "instagram_handle",
] as const;
export type CreatorOrigin = (typeof creatorOrigins)[number];

/**
 * The real creators of a workspace's own brand, apart from `influencers` (the sample data set's generated profiles,
 * shared by the sample workspaces). What a source does not say stays null: a creator mentioned in a post has a
 * handle and nothing else. Scores are of the brand's own pool only (ranked by the compute job).
 */
export const ownCreators = pgTable(
  "own_creators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...brandOwnerColumns(),
    platform: text("platform", { enum: socialNetworks }).notNull(),
    /** Lower case, without the "@". */
    handle: text("handle").notNull(),
    name: text("name"),
    url: text("url"),
    followers: integer("followers"),
    description: text("description"),
    country: text("country"),
    /** Of the creator's own recent posts, as a ratio, when a source says. */
    engagementRate: doublePrecision("engagement_rate"),
    recentTitles: text("recent_titles").array().notNull().default(sql`'{}'::text[]`),
    origin: text("origin", { enum: creatorOrigins }).notNull(),
    /** The creator list that stored the row (removing the import removes it); null for the other origins. */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "cascade" }),
    /** Posts of the brand and its competitors that @mention the creator (refreshed by the compute job). */
    mentions: integer("mentions").notNull().default(0),
    /** The ranking of docs/analytics-methods.md §4.8 within the brand's pool; null before the first compute. */
    score: doublePrecision("score"),
    topicMatch: doublePrecision("topic_match"),
    matchedTerms: text("matched_terms").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("own_creators_brand_platform_handle_key").on(t.brandId, t.platform, t.handle),
    index("own_creators_brand_score_idx").on(t.brandId, t.score.desc(), t.id),
    index("own_creators_workspace_idx").on(t.workspaceId),
    index("own_creators_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
    check("own_creators_origin_check", oneOf("origin", creatorOrigins)),
  ],
);

/**
 * The creators @mentioned in one company's imported posts, with the number of its posts that mention each (kept by
 * the company's compute job: modules/analytics/own-creators.ts). The creator pool of an own brand adds up the rows
 * of its brand and competitors, so a company followed by a hundred workspaces has its posts read once per
 * recompute, not once per follower (docs/scale.md). Sample companies have none.
 */
export const companyMentions = pgTable(
  "company_mentions",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    /** Lower case, without the "@". */
    handle: text("handle").notNull(),
    mentions: integer("mentions").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.platform, t.handle] })],
);

/** One row once the sample data set is in, so a restart does not load it again. */
export const sampleLoads = pgTable("sample_loads", {
  id: integer("id").primaryKey(),
  seed: integer("seed").notNull(),
  version: integer("version").notNull(),
  counts: jsonb("counts").notNull(),
  durationMs: integer("duration_ms").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull(),
});
