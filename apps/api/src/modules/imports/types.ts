/** What the parsing layer hands to the (later) storing layer. Numbers are null when the file does not say. */

export type Platform = "facebook" | "instagram" | "tiktok" | "linkedin" | "youtube" | "twitter";

export type FormatId =
  | "google-ads-keyword-planner"
  | "meta-facebook-posts"
  | "meta-daily-follows"
  | "instagram-posts"
  | "tiktok-content"
  | "tiktok-follower-history"
  | "linkedin-updates"
  | "linkedin-followers"
  | "youtube-content"
  | "x-tweet-activity"
  | "x-account-content"
  | "search-console-queries"
  | "ga4-audience"
  | "ga4-traffic"
  | "creator-list";

/** `line` on every row is the 1-based line of the file where the record starts. */
export interface PostRow {
  kind: "post";
  line: number;
  platform: Platform;
  /** Always a string: Facebook, X and TikTok ids exceed 2^53. */
  externalId: string;
  url: string | null;
  /** ISO 8601, local time without zone ("2026-09-12T08:30:00" or date-only "2026-09-12"); "Z" when UTC. */
  publishedAt: string;
  text: string | null;
  format: string | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  /**
   * Views, plays, impressions and reach are different measures (docs/analytics-methods.md §0): each is kept in its
   * own field, and a figure compares one measure only with itself. Views are video views (YouTube, TikTok, a
   * LinkedIn video, Meta's "Views" since 2025).
   */
  views: number | null;
  /** Times a reel started (Instagram's "Plays" before 2025). */
  plays: number | null;
  /** Times the post (on YouTube, its thumbnail) was shown. */
  impressions: number | null;
  /** Accounts the post reached, each counted once. */
  reach: number | null;
  /** Other metrics the export carries (reach, saves, ctr as a ratio, …), keyed in camelCase. */
  metrics: Record<string, number | null>;
}

export interface FollowerRow {
  kind: "followers";
  line: number;
  platform: Platform;
  date: string;
  /** Running total of the account on that day, when the export has one (TikTok). */
  followers: number | null;
  /** Follows gained that day (Meta, LinkedIn); no unfollows in those exports. */
  newFollowers: number | null;
  /** Net change from the previous day, can be negative (TikTok). */
  netChange: number | null;
  metrics: Record<string, number | null>;
}

export type Competition = "low" | "medium" | "high" | "unknown";

export interface KeywordRow {
  kind: "keyword";
  line: number;
  keyword: string;
  currency: string | null;
  /** Exact average monthly searches; null when unknown or when only a range is given. */
  volume: number | null;
  /** Low-spend accounts only see buckets: the range Google means, flagged as an estimate. */
  volumeRange: { min: number; max: number } | null;
  volumeIsEstimate: boolean;
  cpcLow: number | null;
  cpcHigh: number | null;
  competition: Competition | null;
  competitionIndex: number | null;
  /** Ratios (0.22 for 22%); null for `--` and for `∞` (growth from a zero month). */
  threeMonthChange: number | null;
  yoyChange: number | null;
  /** Oldest first, as in the file; month is "YYYY-MM". */
  monthly: { month: string; searches: number | null }[];
}

export interface SearchQueryRow {
  kind: "search-query";
  line: number;
  query: string;
  clicks: number | null;
  impressions: number | null;
  /** Ratio: "39.88%" becomes 0.3988. */
  ctr: number | null;
  position: number | null;
}

/** One row of a GA4 exploration by age, gender, country and interest: the visitors of one such combination. */
export interface AudienceSegmentRow {
  kind: "audience-segment";
  line: number;
  /** "18-24" … "65+" (domain/audience.ts AGE_BANDS), or "unknown" for GA4's unknown or (not set). */
  ageBand: string;
  gender: "female" | "male" | "unknown";
  /** ISO 3166-1 alpha-2; "unknown" for (not set) or a name we cannot place (`countryName` keeps it). */
  country: string;
  /** As written, null for (not set). */
  countryName: string | null;
  /** Google's affinity category as written ("Technology/Technophiles"); null for unknown or (not set). */
  interest: string | null;
  users: number;
}

/**
 * One row of a GA4 report by country (Demographic details: Country), optionally by day too: the brand's own website
 * visits from that country. Each measure is null when the report has no such column.
 */
export interface TrafficRow {
  kind: "traffic";
  line: number;
  /** ISO 3166-1 alpha-2; "unknown" for "(not set)", "(other)" or a name we cannot place (`countryName` keeps it). */
  country: string;
  /** As written; null for (not set) and (other). */
  countryName: string | null;
  /** The row's day (GA4's Date, YYYYMMDD) as YYYY-MM-DD; null when the report is not by day. */
  day: string | null;
  sessions: number | null;
  engagedSessions: number | null;
  activeUsers: number | null;
  /** Seconds of engagement in all: GA4's average per session times sessions, or per active user times users. */
  engagementSeconds: number | null;
}

/** One creator of a creator list (an agency's roster, a spreadsheet kept by hand): what the list says, null when not. */
export interface CreatorRow {
  kind: "creator";
  line: number;
  platform: Platform;
  /** Lower case, without "@" (a profile link in the handle column gives its handle). */
  handle: string;
  name: string | null;
  url: string | null;
  followers: number | null;
  /** Ratio: "3.2%" and a bare "3.2" both become 0.032. */
  engagementRate: number | null;
  /** ISO 3166-1 alpha-2 when the list names a country we can place, else null. */
  country: string | null;
  /** Bio, niche, category and topics cells, joined. */
  description: string | null;
  /** Titles of recent posts or videos ("|" or ";" between them). */
  recentTitles: string[];
}

export type ImportRow =
  | PostRow
  | FollowerRow
  | KeywordRow
  | SearchQueryRow
  | AudienceSegmentRow
  | TrafficRow
  | CreatorRow;
export type RowKind = ImportRow["kind"];

export interface RowError {
  /** 1-based line in the file where the record starts. */
  row: number;
  /** Header of the offending column, as written in the file. */
  column?: string;
  message: string;
}

/** The days an export covers when it says so above its header (GA4's "Start date" and "End date"), YYYY-MM-DD. */
export interface ExportPeriod {
  from: string;
  to: string;
  /**
   * How the days were found when the file does not list them, in words that finish "read as …" (a Search Console
   * export: "its header's Last 28 days, ending the day before it was exported"); absent when the file lists them.
   */
  inferred?: string;
}

export interface ParseOptions {
  /** Day the export was downloaded, YYYY-MM-DD. Required for TikTok, whose dates have no year. */
  referenceDate?: string;
}
