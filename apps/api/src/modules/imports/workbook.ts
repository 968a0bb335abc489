import { inflateRawSync } from "node:zlib";
import * as XLSX from "@e965/xlsx";

/**
 * Excel workbooks among the exports: LinkedIn's Page analytics downloads are legacy .xls workbooks (BIFF8 in an
 * OLE container), and TikTok's can be .xlsx. SheetJS reads both; this file decides what it is given and what comes
 * back: every sheet as rows of text cells, which parse-export.ts then reads like a CSV's records.
 *
 * A workbook's cells carry types a CSV does not: numbers come back as plain digits (never the cell's display
 * format, which may group thousands or show a percent), dates as zone-less ISO days or times (a date cell is
 * unambiguous, unlike `09/11/2026` text), booleans as TRUE/FALSE and error cells as empty.
 */

export type WorkbookContainer = "xls" | "xlsx";

export interface WorkbookSheet {
  name: string;
  /** Row i is the sheet's row i + 1, so line numbers in messages are the rows a person sees in Excel. */
  rows: string[][];
}

export interface Workbook {
  container: WorkbookContainer;
  sheets: WorkbookSheet[];
}

export class WorkbookError extends Error {
  constructor(
    readonly code: "WORKBOOK_TOO_LARGE" | "WORKBOOK_UNREADABLE" | "TOO_MANY_LINES",
    message: string,
  ) {
    super(message);
    this.name = "WorkbookError";
  }
}

/**
 * Most bytes an .xlsx may unpack to. An upload is at most 50 MB, but deflate packs a run of zeros a thousandfold:
 * the zip's own directory says what it would unpack to, read before anything is inflated.
 */
export const MAX_UNPACKED_BYTES = 250 * 1024 * 1024;

const isOle = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (APPNOTE.TXT 4.4.5). */
  method: number;
  packedBytes: number;
  unpackedBytes: number;
  /** Where the entry's local header starts. */
  offset: number;
}

interface ZipDirectory {
  names: string[];
  entries: ZipEntry[];
  unpackedBytes: number;
}

/**
 * The zip's central directory (APPNOTE.TXT 4.3.12 and 4.3.16): entry names and the sizes they unpack to. Null when
 * the directory cannot be found or is Zip64 (sizes of 0xFFFFFFFF), which no export needs.
 */
function zipDirectory(bytes: Uint8Array): ZipDirectory | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65,535.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) return null;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const list: ZipEntry[] = [];
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const unpackedBytes = view.getUint32(at + 24, true);
    const offset = view.getUint32(at + 42, true);
    if (unpackedBytes === 0xffffffff || offset === 0xffffffff) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    list.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      packedBytes: view.getUint32(at + 20, true),
      unpackedBytes,
      offset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return {
    names: list.map((e) => e.name),
    entries: list,
    unpackedBytes: list.reduce((sum, e) => sum + e.unpackedBytes, 0),
  };
}

/**
 * Whether every entry unpacks to no more than its directory says. The directory is only the zip's word: a hostile
 * one understates, and the reader would inflate the truth. Each entry is inflated here with Node's output cap, so a
 * lie costs at most the stated size before it is refused.
 */
function unpacksAsStated(bytes: Uint8Array, entries: readonly ZipEntry[]): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== 0x04034b50) return false;
    const start =
      entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
    const packed = bytes.subarray(start, start + entry.packedBytes);
    if (entry.method === 0) {
      if (packed.length > entry.unpackedBytes) return false;
      continue;
    }
    if (entry.method !== 8) return false;
    try {
      // maxOutputLength throws a RangeError once the output passes it; 0 is not a valid cap, hence the 1.
      inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.unpackedBytes) });
    } catch {
      return false;
    }
  }
  return true;
}

/** What the bytes are, whatever the file is called: an .xls, an .xlsx, or neither (a CSV, a plain zip). */
export function workbookContainer(bytes: Uint8Array): WorkbookContainer | null {
  if (isOle(bytes)) return "xls";
  if (!isZip(bytes)) return null;
  const directory = zipDirectory(bytes);
  return directory?.names.includes("xl/workbook.xml") ? "xlsx" : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A date cell's value as a zone-less ISO day, or day and time when it has one (the exports' local time). */
function isoOf(serial: number, date1904: boolean): string {
  const parsed = XLSX.SSF.parse_date_code(serial, { date1904 });
  const day = `${parsed.y}-${pad(parsed.m)}-${pad(parsed.d)}`;
  return parsed.H || parsed.M || parsed.S ? `${day}T${pad(parsed.H)}:${pad(parsed.M)}:${pad(parsed.S)}` : day;
}

function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell) return "";
  switch (cell.t) {
    case "s":
      return String(cell.v ?? "");
    case "b":
      return cell.v ? "TRUE" : "FALSE";
    case "n": {
      const value = Number(cell.v);
      return cell.z !== undefined && XLSX.SSF.is_date(cell.z) ? isoOf(value, date1904) : String(value);
    }
    case "d":
      return cell.v instanceof Date ? cell.v.toISOString().replace(/T00:00:00\.000Z$|\.000Z$/, "") : "";
    default:
      // "e" (an error such as #N/A) and "z" (a stub) hold no value.
      return "";
  }
}

/**
 * Reads every sheet of a workbook into rows of text. `maxRows` bounds the work on a hostile file: SheetJS stops
 * reading a sheet there, and a sheet that reaches it is refused rather than silently cut.
 */
export function readWorkbook(bytes: Uint8Array, fileName: string, maxRows: number): Workbook | null {
  const container = workbookContainer(bytes);
  if (!container) return null;
  if (container === "xlsx") {
    const directory = zipDirectory(bytes);
    const unpacked = directory?.unpackedBytes ?? 0;
    if (!directory || unpacked > MAX_UNPACKED_BYTES || !unpacksAsStated(bytes, directory.entries)) {
      throw new WorkbookError(
        "WORKBOOK_TOO_LARGE",
        `"${fileName}" would unpack to more than the ${MAX_UNPACKED_BYTES / 1024 / 1024} MB one workbook may ` +
          "hold, or more than it says it holds. Export a shorter period, or download the file again.",
      );
    }
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: "array",
      dense: true,
      sheetRows: maxRows + 1,
      // The number format tells a date cell from a number (XLSX.SSF.is_date).
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      bookVBA: false,
    });
  } catch (error) {
    throw new WorkbookError(
      "WORKBOOK_UNREADABLE",
      `"${fileName}" looks like an Excel ${container === "xls" ? ".xls" : ".xlsx"} workbook but cannot be read ` +
        `(${error instanceof Error ? error.message : "damaged"}): download it from the platform again.`,
    );
  }
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  const sheets = book.SheetNames.map((name): WorkbookSheet => {
    const sheet = book.Sheets[name];
    const dense = (sheet?.["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
    if (dense.length > maxRows) {
      throw new WorkbookError(
        "TOO_MANY_LINES",
        `"${fileName}", sheet "${name}", has more than ${maxRows.toLocaleString("en-US")} rows: past what one ` +
          "import reads. Export a shorter period and import each file.",
      );
    }
    const rows = Array.from(dense, (row) => Array.from(row ?? [], (cell) => cellText(cell, date1904)));
    return { name, rows };
  });
  return { container, sheets };
}
