import { copyText, Json } from "../../db/copy-text";
import type { FormatId, ParseOptions, RowError, RowKind } from "../imports";
import { type ExportErrorCode, ExportFormatError, type ParsedExport, parseExport } from "../imports";
import { type ImportPlan, oversizedCounts, type PlanBrand, planImport, plannedCount } from "./import-rows";

/** Errors and notes carried back (all are counted): what an import keeps and a refusal quotes. */
export const KEPT_ERRORS = 200;

/** Rows to store in COPY text, one per table (empty for none). */
export interface CopyTexts {
  posts: string;
  snapshots: string;
  keywords: string;
  searchQueries: string;
  segments: string;
  traffic: string;
  creators: string;
}

/** What one export holds, read and turned into rows to store; the same bytes give the same reading. */
export type ExportReading =
  /** READ_LIMIT: reading took more time or memory than a worker is given (export-reads.ts). */
  | { readable: false; code: ExportErrorCode | "READ_LIMIT"; message: string }
  | {
      readable: true;
      format: FormatId;
      label: string;
      kind: RowKind;
      /** Records in the file, good and bad. */
      rows: number;
      /** The first KEPT_ERRORS row errors, by line; when any, nothing may be stored. */
      errors: RowError[];
      errorCount: number;
      /** Records with at least one error. */
      badRows: number;
      /** Non-fatal notes on what was read but not stored (first KEPT_ERRORS). */
      notes: RowError[];
      /** Posts, follower days, keywords, search queries, audience segments and creators the import stores. */
      stores: {
        posts: number;
        followerDays: number;
        keywords: number;
        searchQueries: number;
        audienceSegments: number;
        /** Months by country of a GA4 traffic export. */
        trafficMonths: number;
        creators: number;
      };
      /** The days a Search Console export's queries are stored for; null for other exports. */
      searchPeriod: { from: string; to: string } | null;
      /**
       * First and last day of the rows stored (posts' days, follower days, keywords' trend months), or the period
       * the file says it covers (a GA4 export's dates); null for none.
       */
      days: { from: string; to: string } | null;
      /** The rows to store in COPY text (imports.repo.ts copies them), empty when there are errors. */
      copy: CopyTexts;
    };

export interface ReadExportInput {
  bytes: Uint8Array;
  fileName: string;
  options: ParseOptions;
  brand: PlanBrand;
}

const NO_ROWS: CopyTexts = {
  posts: "",
  snapshots: "",
  keywords: "",
  searchQueries: "",
  segments: "",
  traffic: "",
  creators: "",
};

const recordCount = (parsed: ParsedExport) =>
  parsed.rows.length + parsed.skipped + new Set(parsed.errors.map((e) => e.row)).size;

/** "2025-09-01" + 11 months → "2026-08-01". */
function monthsLater(firstOfMonth: string, months: number): string {
  const day = new Date(`${firstOfMonth}T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + months);
  return day.toISOString().slice(0, 10);
}

function storedDays(plan: ImportPlan): { from: string; to: string } | null {
  const days = [
    ...plan.posts.map((p) => p.postedAt.toISOString().slice(0, 10)),
    ...plan.snapshots.map((s) => s.day),
    // A keyword's monthly volumes: the first day of its first and of its last month.
    ...plan.keywords.flatMap((k) =>
      k.trendStart ? [k.trendStart, monthsLater(k.trendStart, k.trend.length - 1)] : [],
    ),
  ];
  if (days.length === 0) return null;
  let from = days[0] as string;
  let to = from;
  for (const day of days) {
    if (day < from) from = day;
    if (day > to) to = day;
  }
  return { from, to };
}

const dayWindow = (period: ParsedExport["period"]) => (period ? { from: period.from, to: period.to } : null);

/** Columns of the COPY texts, in their order (imports.repo.ts copies into tables with these columns). */
export const COPY_COLUMNS = {
  posts: [
    "platform",
    "url",
    "posted_at",
    "text",
    "format",
    "likes",
    "comments",
    "shares",
    "views",
    "plays",
    "impressions",
    "reach",
  ],
  snapshots: ["platform", "day", "followers"],
  keywords: [
    "country",
    "keyword",
    "currency",
    "cpc",
    "competition",
    "volume",
    "volume_low",
    "volume_high",
    "trend",
    "trend_start",
    "intent",
  ],
  searchQueries: ["query", "clicks", "impressions", "ctr", "position"],
  segments: ["age_band", "gender", "country", "interests", "platform_affinity", "size"],
  traffic: ["month", "country", "visits", "engaged_sessions", "engagement_seconds"],
  creators: [
    "platform",
    "handle",
    "name",
    "url",
    "followers",
    "engagement_rate",
    "country",
    "description",
    "recent_titles",
  ],
} as const;

function copyTexts(plan: ImportPlan): CopyTexts {
  return {
    posts: copyText(
      plan.posts.map((p) => [
        p.platform,
        p.url,
        p.postedAt,
        p.text,
        p.format,
        p.likes,
        p.comments,
        p.shares,
        p.views,
        p.plays,
        p.impressions,
        p.reach,
      ]),
    ),
    snapshots: copyText(plan.snapshots.map((s) => [s.platform, s.day, s.followers])),
    keywords: copyText(
      plan.keywords.map((k) => [
        k.country,
        k.keyword,
        k.currency,
        k.cpc,
        k.competition,
        k.volume,
        k.volumeLow,
        k.volumeHigh,
        k.trend,
        k.trendStart,
        k.intent,
      ]),
    ),
    searchQueries: copyText(
      plan.searchQueries.map((q) => [q.query, q.clicks, q.impressions, q.ctr, q.position]),
    ),
    segments: copyText(
      plan.segments.map((s) => [
        s.ageBand,
        s.gender,
        s.country,
        new Json(s.interests),
        new Json(s.platformAffinity),
        s.size,
      ]),
    ),
    traffic: copyText(
      plan.traffic.map((t) => [t.month, t.country, t.visits, t.engagedSessions, t.engagementSeconds]),
    ),
    creators: copyText(
      plan.creators.map((c) => [
        c.platform,
        c.handle,
        c.name,
        c.url,
        c.followers,
        c.engagementRate,
        c.country,
        c.description,
        c.recentTitles,
      ]),
    ),
  };
}

/**
 * Parses an export and plans what it stores for `brand`: everything an import needs but the database. Pure and
 * CPU-bound, so a large file runs it in a worker thread (read-export.worker.ts) and the answer carries only
 * strings and small arrays, cheap to pass back.
 */
export function readExport(input: ReadExportInput): ExportReading {
  let parsed: ParsedExport;
  try {
    parsed = parseExport(input.bytes, input.fileName, input.options);
  } catch (error) {
    if (!(error instanceof ExportFormatError)) throw error;
    return { readable: false, code: error.code, message: error.message };
  }
  const errors = [...parsed.errors, ...oversizedCounts(parsed.rows)].sort((a, b) => a.row - b.row);
  const plan = errors.length === 0 ? planImport(parsed, input.brand) : undefined;
  return {
    readable: true,
    format: parsed.format,
    label: parsed.label,
    kind: parsed.kind,
    rows: recordCount(parsed),
    errors: errors.slice(0, KEPT_ERRORS),
    errorCount: errors.length,
    badRows: new Set(errors.map((e) => e.row)).size,
    notes: plan ? [...parsed.notes, ...plan.notes].sort((a, b) => a.row - b.row).slice(0, KEPT_ERRORS) : [],
    stores: {
      posts: plan?.posts.length ?? 0,
      followerDays: plan?.snapshots.length ?? 0,
      keywords: plan?.keywords.length ?? 0,
      searchQueries: plan?.searchQueries.length ?? 0,
      audienceSegments: plan?.segments.length ?? 0,
      trafficMonths: plan?.traffic.length ?? 0,
      creators: plan?.creators.length ?? 0,
    },
    searchPeriod: plan?.searchPeriod ?? null,
    days: plan ? (storedDays(plan) ?? dayWindow(parsed.period)) : null,
    copy: plan && plannedCount(plan) > 0 ? copyTexts(plan) : NO_ROWS,
  };
}
