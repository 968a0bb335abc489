import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { Cells, headerKey } from "./cells";
import { type ExportFormat, FORMATS } from "./formats";
import { type LineEnding, type Sniffed, sniff } from "./sniff";
import type { ExportPeriod, FormatId, ImportRow, ParseOptions, RowError, RowKind } from "./types";
import { readWorkbook, type Workbook, type WorkbookContainer, WorkbookError } from "./workbook";

export interface ParsedExport {
  format: FormatId;
  label: string;
  kind: RowKind;
  rows: ImportRow[];
  errors: RowError[];
  /** Records left out on purpose (a video without a publish time), one note per reason: not errors. */
  notes: RowError[];
  /** How many records the notes leave out. */
  skipped: number;
  /** 1-based line of the header row (3 for a Keyword Planner file with its title lines). */
  headerLine: number;
  /**
   * The days the file says it covers (GA4's Start and End date lines), or that its header and export day tell (a
   * Search Console export, `inferred` saying how); null when neither says.
   */
  period: ExportPeriod | null;
  /** How a text file was written; null for a workbook. */
  file: Omit<Sniffed, "text"> | null;
  /** The workbook and the sheet the rows came from; null for a text file. */
  workbook: { container: WorkbookContainer; sheet: string } | null;
}

export type ExportErrorCode =
  | "EMPTY_FILE"
  | "UNSUPPORTED_CONTAINER"
  | "MALFORMED_CSV"
  | "NOT_TEXT"
  | "TOO_MANY_LINES"
  | "CELL_TOO_LONG"
  | "UNRECOGNISED_FORMAT"
  | "REFERENCE_DATE_REQUIRED"
  | "WORKBOOK_TOO_LARGE"
  | "WORKBOOK_UNREADABLE";

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
 * Most lines one file may have: twice the 100,000 rows of issue 16's large export (a publisher's years of posts, a
 * Keyword Planner file of every idea), still bounding the work on a hostile file: a million empty lines took the
 * parser a minute and 2.7 GB before this limit.
 */
export const MAX_LINES = 200_000;
/** Longest cell: Facebook's post limit, 63,206 characters, is the longest text any supported export holds. */
export const MAX_CELL_CHARS = 100_000;
/** How much of each cell of the first row an "unrecognised" message quotes. */
const QUOTED_CELL_CHARS = 40;

const count = (n: number) => n.toLocaleString("en-US");

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
  const workbook = readWorkbookOf(bytes, fileName);
  if (workbook) return parseWorkbook(workbook, fileName, options);
  refuseContainers(bytes, fileName);
  const sniffed = sniff(bytes);
  const { text, ...file } = sniffed;
  if (text.trim() === "") throw new ExportFormatError("EMPTY_FILE", `"${fileName}" is empty.`);
  // No text export holds a NUL (UTF-16 ones are decoded by now); a picture or a database file does, and
  // PostgreSQL refuses NUL in text, so the refusal must not quote it.
  if (text.includes("\u0000")) {
    throw new ExportFormatError(
      "NOT_TEXT",
      `"${fileName}" is not a text file (it holds binary data, like a picture or a workbook): upload the CSV ` +
        "file the platform exported.",
    );
  }
  refuseTooManyLines(text, sniffed.lineEnding, fileName);

  const records = readRecords(text, sniffed, fileName);
  const found = findHeader(records);
  if (!found) throw unrecognised(records, fileName, `as ${sniffed.encoding}, ${delimiterName(sniffed)}`);
  return readTable(records, found, options, {
    preamble: sniffed.preamble.lines,
    file,
    workbook: null,
  });
}

/** The workbook in `bytes`, or null when they are not one; its own failures as the export's. */
function readWorkbookOf(bytes: Uint8Array, fileName: string): Workbook | null {
  try {
    return readWorkbook(bytes, fileName, MAX_LINES);
  } catch (error) {
    if (error instanceof WorkbookError) throw new ExportFormatError(error.code, error.message);
    throw error;
  }
}

/**
 * A workbook is read sheet by sheet, in its order, and the first sheet with a known header is the export: LinkedIn's
 * content download puts a `Metrics` sheet of daily totals before `All posts`, whose first row is a title line.
 */
function parseWorkbook(workbook: Workbook, fileName: string, options: ParseOptions): ParsedExport {
  const tables = workbook.sheets.map((sheet) => {
    const records = sheet.rows.map((cells, i) => ({ cells, line: i + 1 }));
    for (const record of records) refuseLongCells(record, fileName);
    return { sheet, records };
  });
  for (const { sheet, records } of tables) {
    const found = findHeader(records);
    if (!found) continue;
    return readTable(records, found, options, {
      preamble: [],
      file: null,
      workbook: { container: workbook.container, sheet: sheet.name },
    });
  }
  const first = tables[0];
  if (!first || tables.every((t) => t.records.every((r) => r.cells.every((c) => c.trim() === "")))) {
    throw new ExportFormatError("EMPTY_FILE", `"${fileName}" is an Excel workbook with nothing in it.`);
  }
  const names = workbook.sheets.map((s) => `"${s.name}"`).join(", ");
  throw unrecognised(
    first.records,
    fileName,
    `as an Excel workbook with the sheets ${names}`,
    first.sheet.name,
  );
}

interface TableSource {
  /** The `#` lines above a text file's table (GA4's dates). */
  preamble: readonly string[];
  file: Omit<Sniffed, "text"> | null;
  workbook: { container: WorkbookContainer; sheet: string } | null;
}

/** The records below the found header, mapped by its format: the same for a CSV and a workbook's sheet. */
function readTable(
  records: SourceRecord[],
  { format, index }: { format: ExportFormat; index: number },
  options: ParseOptions,
  source: TableSource,
): ParsedExport {
  if (format.needsReferenceDate && !/^\d{4}-\d{2}-\d{2}$/.test(options.referenceDate ?? "")) {
    throw new ExportFormatError(
      "REFERENCE_DATE_REQUIRED",
      `${format.label} dates have no year: give the day the file was exported (referenceDate, YYYY-MM-DD).`,
    );
  }

  const header = new Map<string, { index: number; name: string }>();
  (records[index]?.cells ?? []).forEach((name, i) => {
    const key = formatKey(format, name);
    if (key !== "" && !header.has(key)) header.set(key, { index: i, name: name.trim() });
  });

  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const skipped = new Map<string, number[]>();
  for (const record of records.slice(index + 1)) {
    if (record.cells.every((cell) => cell.trim() === "")) continue;
    const before = errors.length;
    const row = format.map(
      new Cells(header, record.cells, record.line, errors, source.workbook !== null),
      options,
    );
    if (row?.kind === "skipped") {
      // A skipped record's cells were not all read: any error it collected is not the user's to fix.
      errors.length = before;
      skipped.set(row.reason, [...(skipped.get(row.reason) ?? []), record.line]);
    } else if (row && errors.length === before) rows.push(row);
  }
  return {
    format: format.id,
    label: format.label,
    kind: format.kind,
    rows: format.finish ? format.finish(rows) : rows,
    errors,
    notes: [...skipped].map(([reason, lines]) => skippedNote(reason, lines)),
    skipped: [...skipped.values()].reduce((sum, lines) => sum + lines.length, 0),
    headerLine: records[index]?.line ?? 1,
    period: periodOf(source.preamble) ?? format.periodOf?.(records[index]?.cells ?? [], options) ?? null,
    file: source.file,
    workbook: source.workbook,
  };
}

/** Lines quoted in a skipped-records note; past these it says how many more. */
const QUOTED_LINES = 10;

/** "3 rows skipped (lines 4, 9, 12): they have no Video publish time …". */
function skippedNote(reason: string, lines: number[]): RowError {
  const quoted = lines.slice(0, QUOTED_LINES).join(", ");
  const more = lines.length > QUOTED_LINES ? ` and ${count(lines.length - QUOTED_LINES)} more` : "";
  const where = lines.length === 1 ? `line ${quoted}` : `lines ${quoted}${more}`;
  return {
    row: lines[0] ?? 1,
    message: `${count(lines.length)} ${lines.length === 1 ? "row" : "rows"} skipped (${where}): ${reason}`,
  };
}

/** "Start date: 20260801" → "2026-08-01"; null when the line is absent or not a calendar day. */
function preambleDay(lines: readonly string[], label: string): string | null {
  const pattern = new RegExp(`^${label}:\\s*(\\d{4})-?(\\d{2})-?(\\d{2})$`, "i");
  for (const line of lines) {
    const m = pattern.exec(line);
    if (!m) continue;
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : null;
  }
  return null;
}

function periodOf(preamble: readonly string[]): ExportPeriod | null {
  const from = preambleDay(preamble, "Start date");
  const to = preambleDay(preamble, "End date");
  return from && to && from <= to ? { from, to } : null;
}

/** A zip that is not a workbook: TikTok's download holds its CSV files in one. Workbooks are read before this. */
function refuseContainers(bytes: Uint8Array, fileName: string) {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip) {
    throw new ExportFormatError(
      "UNSUPPORTED_CONTAINER",
      `"${fileName}" is a zip file, which is not read as it is: unzip it and upload the CSV inside ` +
        `(TikTok Content.csv or FollowerHistory.csv, YouTube Table data.csv, Search Console Queries.csv).`,
    );
  }
}

/** Counted before parsing (a scan for line breaks takes milliseconds), so a huge file is never parsed. */
function refuseTooManyLines(text: string, lineEnding: LineEnding, fileName: string) {
  const newline = lineEnding === "cr" ? "\r" : "\n";
  let line = 1;
  // Each line break that something follows starts a line; a final one does not.
  for (
    let at = text.indexOf(newline);
    at !== -1 && at + 1 < text.length;
    at = text.indexOf(newline, at + 1)
  ) {
    line += 1;
    if (line > MAX_LINES) {
      throw new ExportFormatError(
        "TOO_MANY_LINES",
        `"${fileName}" has more than ${count(MAX_LINES)} lines: line ${count(line)} is past what one import ` +
          "reads. Export a shorter period and import each file.",
      );
    }
  }
}

interface SourceRecord {
  cells: string[];
  /** 1-based line where the record starts. */
  line: number;
}

function refuseLongCells(record: SourceRecord, fileName: string) {
  const column = record.cells.findIndex((cell) => cell.length > MAX_CELL_CHARS);
  if (column === -1) return;
  throw new ExportFormatError(
    "CELL_TOO_LONG",
    `"${fileName}", line ${count(record.line)}, column ${column + 1}: a cell of ` +
      `${count(record.cells[column]?.length ?? 0)} characters, more than the ${count(MAX_CELL_CHARS)} one cell ` +
      "may hold. Check that this is the file the platform exported.",
  );
}

function readRecords(text: string, sniffed: Sniffed, fileName: string): SourceRecord[] {
  const records: SourceRecord[] = [];
  // The table starts below the comment lines, if any: line numbers still count them.
  let previousEnd = sniffed.preamble.lineCount;
  try {
    // Empty lines are kept (as one empty cell) so that line numbers stay exact; they are skipped later.
    parse(text.slice(sniffed.preamble.end), {
      delimiter: sniffed.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (cells, context) => {
        const record = { cells, line: previousEnd + 1 };
        previousEnd = sniffed.preamble.lineCount + context.lines;
        // Thrown from here, it ends the parse at this record.
        refuseLongCells(record, fileName);
        records.push(record);
        // Kept above with its line rather than in the parser's own list.
        return null;
      },
    });
    return records;
  } catch (error) {
    if (error instanceof ExportFormatError) throw error;
    if (!(error instanceof CsvError)) throw error;
    const lines = (error as CsvError & { lines?: number }).lines;
    const line = lines ? lines + sniffed.preamble.lineCount : undefined;
    throw new ExportFormatError(
      "MALFORMED_CSV",
      `"${fileName}" is not valid CSV${line ? ` near line ${line}` : ""}: ${error.message}`,
    );
  }
}

/** A header cell's key as `format` reads it (its alias, if it has one). */
const formatKey = (format: ExportFormat, name: string) => {
  const key = headerKey(name);
  return format.headerAlias?.(key) ?? key;
};

function matches(format: ExportFormat, cells: readonly string[]) {
  const keys = new Set(cells.map((cell) => formatKey(format, cell)));
  return format.signature.filter((names) => names.some((n) => keys.has(headerKey(n))));
}

/** The first of the first rows holding every identity column of a format; the most specific format wins. */
function findHeader(records: SourceRecord[]): { format: ExportFormat; index: number } | null {
  for (let index = 0; index < Math.min(HEADER_SEARCH_ROWS, records.length); index++) {
    const cells = records[index]?.cells ?? [];
    let best: ExportFormat | null = null;
    for (const format of FORMATS) {
      const full = matches(format, cells).length === format.signature.length;
      if (full && (!best || format.signature.length > best.signature.length)) best = format;
    }
    if (best) return { format: best, index };
  }
  return null;
}

const delimiterName = (sniffed: Sniffed) =>
  `${sniffed.delimiter === "\t" ? "tab" : sniffed.delimiter === ";" ? "semicolon" : "comma"}-separated`;

/**
 * Why nothing matched: how the file was read (`readAs`), its first row, and the formats it came closest to. For a
 * workbook `records` are its first sheet's and `sheet` names it.
 */
/**
 * Tables the platforms export beside the ones read, known from real files, each with what to upload instead. Matched
 * on a whole header row, as a format's identity columns are.
 */
const OTHER_TABLES: readonly { headers: readonly string[]; says: string }[] = [
  {
    // TikTok Studio's Overview (BossZY27/tiktok-analytics Overview.xlsx, francovelardez44/tiktok-retention-analysis
    // Overview.csv; docs/import-formats.md §4).
    headers: ["Date", "Video Views", "Profile Views", "Likes", "Comments", "Shares"],
    says:
      "is TikTok Studio's Overview: the account's daily totals, not its posts, which Brandscope does not import. " +
      "Upload Content.csv (or Content.xlsx) and FollowerHistory.csv from the same download instead.",
  },
];

function otherTable(records: SourceRecord[], fileName: string): ExportFormatError | null {
  for (const record of records.slice(0, HEADER_SEARCH_ROWS)) {
    const keys = record.cells.map(headerKey);
    const table = OTHER_TABLES.find(
      (t) => t.headers.length === keys.length && t.headers.every((h, i) => headerKey(h) === keys[i]),
    );
    if (table) return new ExportFormatError("UNRECOGNISED_FORMAT", `"${fileName}" ${table.says}`);
  }
  return null;
}

function unrecognised(
  records: SourceRecord[],
  fileName: string,
  readAs: string,
  sheet?: string,
): ExportFormatError {
  const other = otherTable(records, fileName);
  if (other) return other;
  const near: { label: string; missing: string[]; score: number }[] = [];
  for (const format of FORMATS) {
    let best = { missing: [] as string[], score: 0 };
    for (const record of records.slice(0, HEADER_SEARCH_ROWS)) {
      const hit = matches(format, record.cells);
      const score = hit.length / format.signature.length;
      if (score > best.score) {
        best = { score, missing: format.signature.filter((n) => !hit.includes(n)).map((n) => n[0] ?? "") };
      }
    }
    if (best.score > 0) near.push({ label: format.label, ...best });
  }
  near.sort((a, b) => b.score - a.score);
  const firstRow = (records[0]?.cells ?? [])
    .slice(0, 6)
    .map((cell) => (cell.length > QUOTED_CELL_CHARS ? `${cell.slice(0, QUOTED_CELL_CHARS)}…` : cell))
    .join(" | ");
  const closest = near.length
    ? ` Closest: ${near
        .slice(0, 3)
        .map((n) => `${n.label} (missing ${n.missing.join(", ")})`)
        .join("; ")}.`
    : "";
  const where = sheet === undefined ? "first row" : `first row of "${sheet}"`;
  return new ExportFormatError(
    "UNRECOGNISED_FORMAT",
    `"${fileName}" is not an export we recognise. Read it ${readAs}, ${records.length} rows; no known header in ` +
      `the first ${HEADER_SEARCH_ROWS} rows (${where}: ${firstRow}).${closest} Supported: ` +
      `${FORMATS.map((f) => f.label).join(", ")}.`,
  );
}
