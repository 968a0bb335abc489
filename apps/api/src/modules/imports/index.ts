// What other modules may use of imports (docs/architecture.md "Module faces"); the rest of the folder is its own.

export { formatsStoring } from "./formats";
export { type ExportErrorCode, ExportFormatError, type ParsedExport, parseExport } from "./parse-export";
export type {
  AudienceSegmentRow,
  CreatorRow,
  FollowerRow,
  FormatId,
  ImportRow,
  KeywordRow,
  ParseOptions,
  Platform,
  PostRow,
  RowError,
  RowKind,
  SearchQueryRow,
  TrafficRow,
} from "./types";
