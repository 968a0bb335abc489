import type { Cells, Names } from "../cells";
import type { ExportPeriod, FormatId, ImportRow, ParseOptions, RowKind } from "../types";

/**
 * A record that is data but cannot be stored (a YouTube video without a publish time): left out with a note saying
 * why, while the rest of the file is imported. Records with the same reason share one note.
 */
export interface SkippedRecord {
  kind: "skipped";
  /** Why, in words that finish "N rows skipped: …". */
  reason: string;
}

/** One platform export: how to recognise its header and how to turn a record into our row. */
export interface ExportFormat {
  id: FormatId;
  /** Human name used in messages ("Google Ads Keyword Planner"). */
  label: string;
  kind: RowKind;
  /**
   * Identity columns that must all be in the header (each entry lists accepted spellings). Only columns
   * that identify the export go here: metric columns are optional because users add, drop and reorder them.
   */
  signature: readonly Names[];
  /**
   * Reads a header (as `headerKey` gives it) under another name, or null to keep it: Search Console's compare-mode
   * "Last 28 days Clicks" is read as "clicks". Applied before the signature is matched.
   */
  headerAlias?(key: string): string | null;
  /**
   * The days a file covers when its rows have no dates but its header or the export day tell them (a Search
   * Console export: its period, or Search Console's default one, ending the day before the export day).
   */
  periodOf?(header: readonly string[], options: ParseOptions): ExportPeriod | null;
  /** The export's dates have no year, so the caller must pass options.referenceDate. */
  needsReferenceDate?: boolean;
  /**
   * Returns null for a record that is not data (YouTube's `Total` row), a SkippedRecord for one that is data the
   * file cannot give us whole.
   */
  map(cells: Cells, options: ParseOptions): ImportRow | SkippedRecord | null;
  /**
   * Rereads the rows once the whole file is read, for what only the file as a whole tells: Keyword Planner's
   * bucketed volumes are recognisable only when every volume of the file falls on a bucket.
   */
  finish?(rows: ImportRow[]): ImportRow[];
}

/** The path's last segment, e.g. the video id of a TikTok link; null when the URL has none. */
export function lastPathPart(url: string | null): string | null {
  if (!url) return null;
  const part = url.split(/[?#]/)[0]?.replace(/\/+$/, "").split("/").pop();
  return part ? part : null;
}
