import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { Cells, headerKey } from "./cells";
import { type ExportFormat, FORMATS } from "./formats";
import { type Sniffed, sniff } from "./sniff";
import type { FormatId, ImportRow, ParseOptions, RowError, RowKind } from "./types";

export interface ParsedExport {
  format: FormatId;
  label: string;
  kind: RowKind;
  rows: ImportRow[];
  errors: RowError[];
  /** 1-based line of the header row (3 for a Keyword Planner file with its title lines). */
  headerLine: number;
  file: Omit<Sniffed, "text">;
}

export type ExportErrorCode =
  | "EMPTY_FILE"
  | "UNSUPPORTED_CONTAINER"
  | "MALFORMED_CSV"
  | "UNRECOGNISED_FORMAT"
  | "REFERENCE_DATE_REQUIRED";

/** The whole file cannot be read: nothing in it is usable. Row-level problems are in `errors` instead. */
export class ExportFormatError extends Error {
  constructor(
    readonly code: ExportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ExportFormatError";
  }
}

const HEADER_SEARCH_ROWS = 6;

/**
 * Reads a platform export into rows of our fields. Pure: no I/O, same bytes give the same result.
 *
 * Throws ExportFormatError when the file as a whole is unusable (binary workbook or zip, broken quoting,
 * no known header). Otherwise every record is read; a record with a bad number, bad date or missing required
 * cell is left out of `rows` and each of its problems is in `errors` with the 1-based line where the record
 * starts. The parser never drops a file by itself: the CALLER refuses the whole import when `errors` is not
 * empty, so nothing is half-imported (issue 5), and shows the errors to the user.
 */
export function parseExport(bytes: Uint8Array, fileName: string, options: ParseOptions = {}): ParsedExport {
  refuseContainers(bytes, fileName);
  const sniffed = sniff(bytes);
  const { text, ...file } = sniffed;
  if (text.trim() === "") throw new ExportFormatError("EMPTY_FILE", `"${fileName}" is empty.`);

  const records = readRecords(text, sniffed, fileName);
  const found = findHeader(records);
  if (!found) throw unrecognised(records, sniffed, fileName);
  const { format, index } = found;

  if (format.needsReferenceDate && !/^\d{4}-\d{2}-\d{2}$/.test(options.referenceDate ?? "")) {
    throw new ExportFormatError(
      "REFERENCE_DATE_REQUIRED",
      `${format.label} dates have no year: give the day the file was exported (referenceDate, YYYY-MM-DD).`,
    );
  }

  const header = new Map<string, { index: number; name: string }>();
  (records[index]?.cells ?? []).forEach((name, i) => {
    const key = headerKey(name);
    if (key !== "" && !header.has(key)) header.set(key, { index: i, name: name.trim() });
  });

  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  for (const record of records.slice(index + 1)) {
    if (record.cells.every((cell) => cell.trim() === "")) continue;
    const before = errors.length;
    const row = format.map(new Cells(header, record.cells, record.line, errors), options);
    if (row && errors.length === before) rows.push(row);
  }
  return {
    format: format.id,
    label: format.label,
    kind: format.kind,
    rows,
    errors,
    headerLine: records[index]?.line ?? 1,
    file,
  };
}

function refuseContainers(bytes: Uint8Array, fileName: string) {
  const isOle = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const ext = fileName.toLowerCase().split(".").pop();
  if (isOle || ext === "xls") {
    throw new ExportFormatError(
      "UNSUPPORTED_CONTAINER",
      `"${fileName}" is an Excel .xls workbook (LinkedIn's export format), which is not read yet: open it and ` +
        `save the "All posts" or "New followers" sheet as CSV, then upload that file.`,
    );
  }
  if (isZip || ext === "xlsx" || ext === "zip") {
    throw new ExportFormatError(
      "UNSUPPORTED_CONTAINER",
      `"${fileName}" is a zip or .xlsx file, which is not read yet: unzip it and upload the CSV inside ` +
        `(TikTok Content.csv or FollowerHistory.csv, YouTube Table data.csv, Search Console Queries.csv).`,
    );
  }
}

interface SourceRecord {
  cells: string[];
  /** 1-based line where the record starts. */
  line: number;
}

function readRecords(text: string, sniffed: Sniffed, fileName: string): SourceRecord[] {
  try {
    // Empty lines are kept (as one empty cell) so that line numbers stay exact; they are skipped later.
    const parsed = parse(text, {
      delimiter: sniffed.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    let previousEnd = 0;
    return parsed.map(({ record, info }) => {
      const line = previousEnd + 1;
      previousEnd = info.lines;
      return { cells: record, line };
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    throw new ExportFormatError(
      "MALFORMED_CSV",
      `"${fileName}" is not valid CSV${line ? ` near line ${line}` : ""}: ${error.message}`,
    );
  }
}

function matches(format: ExportFormat, keys: ReadonlySet<string>) {
  return format.signature.filter((names) => names.some((n) => keys.has(headerKey(n))));
}

/** The first of the first rows holding every identity column of a format; the most specific format wins. */
function findHeader(records: SourceRecord[]): { format: ExportFormat; index: number } | null {
  for (let index = 0; index < Math.min(HEADER_SEARCH_ROWS, records.length); index++) {
    const keys = new Set((records[index]?.cells ?? []).map(headerKey));
    let best: ExportFormat | null = null;
    for (const format of FORMATS) {
      const full = matches(format, keys).length === format.signature.length;
      if (full && (!best || format.signature.length > best.signature.length)) best = format;
    }
    if (best) return { format: best, index };
  }
  return null;
}

function unrecognised(records: SourceRecord[], sniffed: Sniffed, fileName: string): ExportFormatError {
  const near: { label: string; missing: string[]; score: number }[] = [];
  for (const format of FORMATS) {
    let best = { missing: [] as string[], score: 0 };
    for (const record of records.slice(0, HEADER_SEARCH_ROWS)) {
      const keys = new Set(record.cells.map(headerKey));
      const hit = matches(format, keys);
      const score = hit.length / format.signature.length;
      if (score > best.score) {
        best = { score, missing: format.signature.filter((n) => !hit.includes(n)).map((n) => n[0] ?? "") };
      }
    }
    if (best.score > 0) near.push({ label: format.label, ...best });
  }
  near.sort((a, b) => b.score - a.score);
  const delimiter = sniffed.delimiter === "\t" ? "tab" : sniffed.delimiter === ";" ? "semicolon" : "comma";
  const firstRow = (records[0]?.cells ?? []).slice(0, 6).join(" | ");
  const closest = near.length
    ? ` Closest: ${near
        .slice(0, 3)
        .map((n) => `${n.label} (missing ${n.missing.join(", ")})`)
        .join("; ")}.`
    : "";
  return new ExportFormatError(
    "UNRECOGNISED_FORMAT",
    `"${fileName}" is not an export we recognise. Read it as ${sniffed.encoding}, ${delimiter}-separated, ` +
      `${records.length} rows; no known header in the first ${HEADER_SEARCH_ROWS} rows (first row: ${firstRow}).` +
      `${closest} Supported: ${FORMATS.map((f) => f.label).join(", ")}.`,
  );
}
