import type { Cells, Names } from "../cells";
import type { FormatId, ImportRow, ParseOptions, RowKind } from "../types";

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
  /** The export's dates have no year, so the caller must pass options.referenceDate. */
  needsReferenceDate?: boolean;
  /** Returns null for a record that is not data (YouTube's `Total` row). */
  map(cells: Cells, options: ParseOptions): ImportRow | null;
}

/** The path's last segment, e.g. the video id of a TikTok link; null when the URL has none. */
export function lastPathPart(url: string | null): string | null {
  if (!url) return null;
  const part = url.split(/[?#]/)[0]?.replace(/\/+$/, "").split("/").pop();
  return part ? part : null;
}
