import type { SocialNetwork } from "../../db/schema";
import { classifyIntent } from "../../domain/search-intent/classify-intent";
import { COUNTS_SHARES, RATE_BY_VIEWS } from "../../domain/social-networks";
import type {
  AudienceSegmentRow,
  CreatorRow,
  FollowerRow,
  ImportRow,
  KeywordRow,
  ParsedExport,
  Platform,
  PostRow,
  RowError,
  SearchQueryRow,
  TrafficRow,
} from "../imports";
import { type SegmentValues, toSegments } from "./import-segments";
import { type TrafficValues, toTraffic } from "./import-traffic";

/** A post as stored, without the brand and import ids the repository adds. */
export interface PostValues {
  platform: SocialNetwork;
  url: string;
  postedAt: Date;
  text: string;
  format: string;
  /** Null when the export has no such column or cell: unknown, never 0 (docs/analytics-methods.md §0). */
  likes: number | null;
  comments: number | null;
  shares: number | null;
  views: number | null;
  plays: number | null;
  impressions: number | null;
  reach: number | null;
}

export interface SnapshotValues {
  platform: SocialNetwork;
  day: string;
  followers: number;
}

export interface KeywordValues {
  country: string;
  keyword: string;
  currency: string;
  cpc: number | null;
  competition: number | null;
  volume: number | null;
  /** A bucketed export's range, in place of the volume (both or neither). */
  volumeLow: number | null;
  volumeHigh: number | null;
  trend: number[];
  trendStart: string | null;
  intent: string;
}

/** A query of the brand's own searches (a Search Console export), over the plan's `searchPeriod`. */
export interface SearchQueryValues {
  query: string;
  clicks: number | null;
  impressions: number | null;
  ctr: number | null;
  position: number | null;
}
/** A creator of a creator list, as stored in the brand's own pool (own_creators). */
export type CreatorValues = Omit<CreatorRow, "kind" | "line">;

/** What one parsed export writes, plus non-fatal notes for the import's `errors` list. */
export interface ImportPlan {
  posts: PostValues[];
  snapshots: SnapshotValues[];
  keywords: KeywordValues[];
  /**
   * A Search Console export's queries: the brand's own searches over `searchPeriod`, never keywords with a volume.
   * They replace the brand's earlier exported queries of the same period (imports.repo.ts).
   */
  searchQueries: SearchQueryValues[];
  searchPeriod: { from: string; to: string } | null;
  /** An audience export's segments: they replace the brand's earlier imported ones (imports.repo.ts). */
  segments: SegmentValues[];
  /** A GA4 traffic export's months by country: they replace the brand's traffic of those months (imports.repo.ts). */
  traffic: TrafficValues[];
  creators: CreatorValues[];
  notes: RowError[];
}

export interface PlanBrand {
  name: string;
  country: string | null;
}

/** Keyword rows land in the brand's market; a brand without a country is taken as a US one. */
export const DEFAULT_COUNTRY = "US";
/**
 * The Keyword Planner always writes a Currency column; a file without it (an edited re-save) is taken as USD,
 * the planner's default account currency.
 */
const DEFAULT_CURRENCY = "USD";
/** Google's paid-competition bands (index low 0–33, medium 34–66, high 67–100), as their midpoints on 0–1. */
const BAND_MIDPOINT = { low: 0.165, medium: 0.5, high: 0.835 } as const;
const TREND_MONTHS = 12;

/**
 * A post's URL when the export has none (some Meta and X files), built from the platform's id so a re-import
 * finds the same row. Facebook, X, LinkedIn and YouTube resolve these; Instagram's media id has no public URL,
 * so its form is only a stable key.
 */
export const URL_FROM_ID: Record<Platform, (id: string) => string> = {
  facebook: (id) => `https://www.facebook.com/${id}`,
  instagram: (id) => `https://www.instagram.com/p/${id}/`,
  tiktok: (id) => `https://www.tiktok.com/@/video/${id}`,
  linkedin: (id) => `https://www.linkedin.com/feed/update/${id}`,
  youtube: (id) => `https://www.youtube.com/watch?v=${id}`,
  twitter: (id) => `https://x.com/i/status/${id}`,
};

/**
 * X posts are keyed by `https://x.com/i/status/<id>` whatever the file says: the legacy export links to
 * twitter.com and the current one to x.com, and a handle can change, so the same post from both generations
 * must become one row. Other platforms keep the export's permalink.
 */
export function postUrl(row: Pick<PostRow, "platform" | "url" | "externalId">): string {
  if (row.platform === "twitter" || !row.url) return URL_FROM_ID[row.platform](row.externalId);
  return row.url;
}

/**
 * The parser gives "2026-09-12T08:30:00" (local time of the exporting account, no zone), a date-only
 * "2026-09-12", or an instant ending in "Z". Exports do not name the account's time zone, so local times are
 * stored as if they were UTC: off by the account's offset (at most a day's edge), never by more.
 */
export function publishedInstant(publishedAt: string): Date {
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(publishedAt);
  const iso = zoned
    ? publishedAt
    : publishedAt.length === 10
      ? `${publishedAt}T00:00:00Z`
      : `${publishedAt}Z`;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new Error(`The parser gave an unreadable time: ${publishedAt}`);
  return instant;
}

/**
 * The export's post type in the formats the analytics group by (docs/analytics-methods.md §1.3: image, video,
 * carousel, short, text, link). A type we cannot place keeps its own lower-case name (LinkedIn "Document", "Poll");
 * exports without a type (X) give "post".
 */
export function postFormat(raw: string | null): string {
  const type = raw?.trim().toLowerCase() ?? "";
  if (type === "") return "post";
  if (/\breels?\b|\bshorts?\b/.test(type)) return "short";
  if (/carousel|album|multi/.test(type)) return "carousel";
  if (/photo|image/.test(type)) return "image";
  if (/video|live/.test(type)) return "video";
  if (/link|article/.test(type)) return "link";
  if (/text|status/.test(type)) return "text";
  return type;
}

function toPost(row: PostRow): PostValues {
  return {
    platform: row.platform,
    url: postUrl(row),
    postedAt: publishedInstant(row.publishedAt),
    text: row.text ?? "",
    format: postFormat(row.format),
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    views: row.views,
    plays: row.plays,
    impressions: row.impressions,
    reach: row.reach,
  };
}

const COUNT_COLUMNS = { likes: "Likes", comments: "Comments", shares: "Shares", views: "Views" } as const;

/** Whether a post's engagement figures need the count (docs/analytics-methods.md §1.1–1.2). */
const NEEDED: Record<keyof typeof COUNT_COLUMNS, (platform: Platform) => boolean> = {
  likes: () => true,
  comments: () => true,
  shares: (platform) => COUNTS_SHARES[platform],
  views: (platform) => RATE_BY_VIEWS[platform],
};

/**
 * Counts an export left out (a YouTube view without Likes, a file without Shares) are stored as unknown: say so,
 * and, where engagement needs the count, that its figures leave those posts out rather than reading them as 0.
 */
function missingCountNotes(rows: PostRow[]): RowError[] {
  const notes: RowError[] = [];
  for (const field of ["likes", "comments", "shares", "views"] as const) {
    const missing = rows.filter((r) => r[field] === null);
    const first = missing[0];
    if (!first) continue;
    const n = missing.length;
    const them = n === 1 ? "it" : "them";
    const needed = missing.some((r) => NEEDED[field](r.platform));
    // Views are a measure of their own (an X or LinkedIn post has impressions instead): said only where a figure
    // rests on them.
    if (field === "views" && !needed) continue;
    notes.push({
      row: first.line,
      message:
        `${n} ${n === 1 ? "post has" : "posts have"} no ${field} in the file: stored as unknown, not 0` +
        (needed
          ? `, so engagement figures leave ${them} out. Add the ${COUNT_COLUMNS[field]} column to the export ` +
            `to include ${them}.`
          : "."),
    });
  }
  return notes;
}

/**
 * Only running totals become follower snapshots. Meta's daily follows and LinkedIn's new followers count
 * gains without unfollows, so summing them would invent a total that only grows: those rows are kept out and
 * the import says why.
 */
function toSnapshots(rows: FollowerRow[]): { snapshots: SnapshotValues[]; notes: RowError[] } {
  const withTotal = rows.filter((r): r is FollowerRow & { followers: number } => r.followers !== null);
  const skipped = rows.filter((r) => r.followers === null);
  const notes: RowError[] = [];
  const first = skipped[0];
  if (first) {
    notes.push({
      row: first.line,
      message:
        `${skipped.length} ${skipped.length === 1 ? "day" : "days"} of new follows not stored: the export has ` +
        "daily gains without unfollows, not a follower total, so no follower history can be built from it.",
    });
  }
  return {
    snapshots: withTotal.map((r) => ({ platform: r.platform, day: r.date, followers: r.followers })),
    notes,
  };
}

/** The middle of the top-of-page bid range, or the one bound given. */
export function keywordCpc(row: Pick<KeywordRow, "cpcLow" | "cpcHigh">): number | null {
  if (row.cpcLow !== null && row.cpcHigh !== null) return (row.cpcLow + row.cpcHigh) / 2;
  return row.cpcLow ?? row.cpcHigh;
}

/** 0–1: Google's indexed value / 100, or the band's midpoint when only the band is given. */
export function keywordCompetition(row: Pick<KeywordRow, "competition" | "competitionIndex">): number | null {
  if (row.competitionIndex !== null) return row.competitionIndex / 100;
  if (row.competition === null || row.competition === "unknown") return null;
  return BAND_MIDPOINT[row.competition];
}

/** The 12 monthly volumes, oldest first, only when every month has a number (bucketed accounts have none). */
export function keywordTrend(row: Pick<KeywordRow, "monthly">): {
  trend: number[];
  trendStart: string | null;
} {
  const months = row.monthly.slice(-TREND_MONTHS);
  const searches = months.map((m) => m.searches);
  if (months.length !== TREND_MONTHS || searches.some((s) => s === null))
    return { trend: [], trendStart: null };
  return { trend: searches as number[], trendStart: `${months[0]?.month}-01` };
}

/**
 * The 75th percentile of the file's CPCs: the "country p75" the intent rule compares with
 * (docs/analytics-methods.md §5.1).
 */
export function cpcP75(cpcs: number[]): number | null {
  if (cpcs.length === 0) return null;
  const sorted = [...cpcs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.75 * (sorted.length - 1)))] ?? null;
}

function toKeywords(rows: KeywordRow[], brand: PlanBrand): { keywords: KeywordValues[]; notes: RowError[] } {
  const country = brand.country ?? DEFAULT_COUNTRY;
  const priced = rows.map((row) => ({ row, cpc: keywordCpc(row), competition: keywordCompetition(row) }));
  const p75 = cpcP75(priced.flatMap((k) => (k.cpc === null ? [] : [k.cpc])));
  const keywords = priced.map(({ row, cpc, competition }) => ({
    country,
    keyword: row.keyword.trim(),
    currency: row.currency ?? DEFAULT_CURRENCY,
    cpc,
    competition,
    volume: row.volume,
    volumeLow: row.volumeRange?.min ?? null,
    volumeHigh: row.volumeRange?.max ?? null,
    ...keywordTrend(row),
    intent: classifyIntent(row.keyword, [brand.name], cpc, competition, p75).primary,
  }));
  const bucketed = rows.filter((r) => r.volume === null && r.volumeRange !== null);
  const notes: RowError[] = [];
  const first = bucketed[0];
  if (first) {
    notes.push({
      row: first.line,
      message:
        `Read as ranges: the file's volumes are Google's buckets (an account without active campaigns), so ` +
        `${bucketed.length} ${bucketed.length === 1 ? "keyword is" : "keywords are"} stored with a volume range ` +
        "(such as 1K–10K) instead of an exact search volume.",
    });
  }
  return { keywords, notes };
}

/** Later rows win when a file repeats a key (the same post twice), so one upsert never meets a key twice. */
function lastByKey<T>(values: T[], key: (value: T) => string): T[] {
  return [...new Map(values.map((v) => [key(v), v])).values()];
}

/** posts, follower_snapshots, keywords and search_queries hold counts as PostgreSQL integers. */
const MAX_INTEGER = 2_147_483_647;

/**
 * Counts the database cannot hold (a view count past 2^31 − 1), as row errors: the import is refused with the
 * row named, instead of failing halfway through the transaction.
 */
export function oversizedCounts(rows: ImportRow[]): RowError[] {
  const errors: RowError[] = [];
  const check = (line: number, field: string, value: number | null) => {
    if (value !== null && Math.abs(value) > MAX_INTEGER) {
      errors.push({ row: line, message: `${field} ${value} is larger than we can store (${MAX_INTEGER})` });
    }
  };
  for (const row of rows) {
    if (row.kind === "post") {
      for (const field of ["likes", "comments", "shares", "views", "plays", "impressions", "reach"] as const)
        check(row.line, field, row[field]);
    } else if (row.kind === "followers") {
      check(row.line, "followers", row.followers);
    } else if (row.kind === "keyword") {
      check(row.line, "volume", row.volume);
      for (const m of row.monthly) check(row.line, `searches in ${m.month}`, m.searches);
    } else if (row.kind === "audience-segment") {
      check(row.line, "users", row.users);
    } else if (row.kind === "search-query") {
      check(row.line, "clicks", row.clicks);
      check(row.line, "impressions", row.impressions);
    } else if (row.kind === "traffic") {
      check(row.line, "sessions", row.sessions);
      check(row.line, "engaged sessions", row.engagedSessions);
    } else if (row.kind === "creator") {
      check(row.line, "followers", row.followers);
    }
  }
  return errors;
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

/**
 * A Search Console export's queries as the brand's own searches over the file's period (parse-export.ts reads it
 * from the header and the export day), with a note saying what they are and which days they were read as. Without
 * a period (no export day given) nothing can be stored.
 */
function toSearchQueries(
  rows: SearchQueryRow[],
  period: ParsedExport["period"],
): { queries: SearchQueryValues[]; notes: RowError[] } {
  const first = rows[0];
  if (!first) return { queries: [], notes: [] };
  const n = `${rows.length} Search Console ${rows.length === 1 ? "query" : "queries"}`;
  if (!period) {
    return {
      queries: [],
      notes: [
        {
          row: first.line,
          message: `${n} read but not stored: the day the file was exported is not known, so neither are its days.`,
        },
      ],
    };
  }
  const queries = lastByKey(
    rows.map((r) => ({
      query: r.query.trim(),
      clicks: r.clicks,
      impressions: r.impressions,
      ctr: r.ctr,
      position: r.position,
    })),
    (q) => q.query.toLowerCase(),
  );
  const days = `${dayLabel(period.from)} to ${dayLabel(period.to)}`;
  const how = period.inferred ? `, read as ${period.inferred}` : "";
  return {
    queries,
    notes: [
      {
        row: first.line,
        message:
          `${n} stored as your brand's own searches (clicks, impressions, CTR and position; not search volume) ` +
          `for ${days}${how}. They replace earlier Search Console exports of the same days.`,
      },
    ],
  };
}

/** Turns the rows of a parsed export (with no row errors) into what is stored for `brand`. Pure. */
export function planImport(
  parsed: Pick<ParsedExport, "rows" | "kind"> & Partial<Pick<ParsedExport, "period">>,
  brand: PlanBrand,
): ImportPlan {
  const postRows = parsed.rows.filter((r): r is PostRow => r.kind === "post");
  const followerRows = parsed.rows.filter((r): r is FollowerRow => r.kind === "followers");
  const keywordRows = parsed.rows.filter((r): r is KeywordRow => r.kind === "keyword");
  const queryRows = parsed.rows.filter((r): r is SearchQueryRow => r.kind === "search-query");
  const segmentRows = parsed.rows.filter((r): r is AudienceSegmentRow => r.kind === "audience-segment");
  const creatorRows = parsed.rows.filter((r): r is CreatorRow => r.kind === "creator");
  const trafficRows = parsed.rows.filter((r): r is TrafficRow => r.kind === "traffic");

  const { snapshots, notes: followerNotes } = toSnapshots(followerRows);
  const { keywords, notes: keywordNotes } = toKeywords(keywordRows, brand);
  const { segments, notes: segmentNotes } = toSegments(segmentRows);
  const period = parsed.period ?? null;
  const { queries, notes: queryNotes } = toSearchQueries(queryRows, period);
  const { traffic, notes: trafficNotes } = toTraffic(trafficRows, period);
  const notes = [
    ...missingCountNotes(postRows),
    ...followerNotes,
    ...keywordNotes,
    ...segmentNotes,
    ...queryNotes,
    ...trafficNotes,
  ];
  return {
    posts: lastByKey(postRows.map(toPost), (p) => `${p.platform} ${p.url}`),
    snapshots: lastByKey(snapshots, (s) => `${s.platform} ${s.day}`),
    keywords: lastByKey(keywords, (k) => k.keyword.toLowerCase()),
    searchQueries: queries,
    searchPeriod: queries.length > 0 && period ? { from: period.from, to: period.to } : null,
    segments,
    traffic,
    creators: lastByKey(
      creatorRows.map(({ kind: _kind, line: _line, ...creator }) => creator),
      (c) => `${c.platform} ${c.handle}`,
    ),
    notes: notes.sort((a, b) => a.row - b.row),
  };
}

/** How many records the plan writes. */
export const plannedCount = (plan: ImportPlan) =>
  plan.posts.length +
  plan.snapshots.length +
  plan.keywords.length +
  plan.searchQueries.length +
  plan.segments.length +
  plan.traffic.length +
  plan.creators.length;
