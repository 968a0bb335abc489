import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { deflated, zipOf } from "../../../test/zip";
import { ExportFormatError, parseExport } from "./parse-export";
import type { ImportRow } from "./types";
import { readWorkbook, WorkbookError } from "./workbook";

const HERE = dirname(fileURLToPath(import.meta.url));
// ../shared sits beside the repo root, locally and in CI.
const SHARED = resolve(HERE, "../../../../../../shared/fixtures/imports");
const REAL = resolve(HERE, "../../../test/fixtures/real-exports");

/** A shared sample's cells, as the workbook sheet it is a CSV rendering of would hold them. */
const csvCells = (name: string): string[][] =>
  parse(readFileSync(resolve(SHARED, name), "utf8").replace(/^\uFEFF/, ""), { relax_column_count: true });

/** Typed like a workbook LinkedIn writes: digits as number cells, everything else text. */
const typed = (rows: string[][]): (string | number)[][] =>
  rows.map((row) => row.map((cell) => (/^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell)));

function workbook(sheets: [string, (string | number | Date)[][]][], bookType: XLSX.BookType): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of sheets) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
  }
  return new Uint8Array(XLSX.write(book, { type: "buffer", bookType }));
}

/** Rows without their line numbers: a CSV's quoted line breaks move them, a sheet's rows do not. */
const withoutLines = (rows: ImportRow[]) => rows.map(({ line: _line, ...row }) => row);

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ExportFormatError);
    return error as ExportFormatError;
  }
  throw new Error("expected a refusal");
};

// LinkedIn's content download: a Metrics sheet of daily totals first, then All posts with a note row above its
// header (the README of the shared import fixtures, "LinkedIn Page analytics exports").
const METRICS: (string | number)[][] = [
  ["Aggregated metrics for the period (note row)"],
  ["Date", "Impressions (organic)", "Impressions (sponsored)", "Impressions (total)"],
  ["09/11/2026", 3822, 0, 3822],
];

describe("Excel workbooks", () => {
  it("reads LinkedIn's .xls content export from its All posts sheet, as its CSV rendering reads", () => {
    const sheet = typed(csvCells("linkedin-updates.csv"));
    const bytes = workbook(
      [
        ["Metrics", METRICS],
        ["All posts", sheet],
      ],
      "biff8",
    );
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);

    const result = parseExport(bytes, "lumora_content_1757800000.xls");
    const csv = parseExport(readFileSync(resolve(SHARED, "linkedin-updates.csv")), "linkedin-updates.csv");
    expect(result).toMatchObject({
      format: "linkedin-updates",
      errors: [],
      headerLine: 2,
      file: null,
      workbook: { container: "xls", sheet: "All posts" },
    });
    expect(result.rows).toHaveLength(5);
    expect(withoutLines(result.rows)).toEqual(withoutLines(csv.rows));
    // Line numbers are the sheet's rows, as Excel shows them.
    expect(result.rows.map((r) => r.line)).toEqual([3, 4, 5, 6, 7]);
  });

  it("reads date cells as the days they hold, whatever their display format", () => {
    const [note, header, ...rows] = typed(csvCells("linkedin-updates.csv"));
    const created = (header ?? []).indexOf("Created date");
    const dated = rows.map((row) =>
      row.map((cell, i) => {
        if (i !== created) return cell;
        const [m, d, y] = String(cell).split("/").map(Number);
        return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d));
      }),
    );
    const bytes = workbook([["All posts", [note ?? [], header ?? [], ...dated]]], "biff8");
    const result = parseExport(bytes, "content.xls");
    const csv = parseExport(readFileSync(resolve(SHARED, "linkedin-updates.csv")), "linkedin-updates.csv");
    expect(result.errors).toEqual([]);
    expect(withoutLines(result.rows)).toEqual(withoutLines(csv.rows));
  });

  it("reads LinkedIn's .xls followers export from its New followers sheet", () => {
    const bytes = workbook(
      [
        ["New followers", typed([["Daily new followers (note row)"], ...csvCells("linkedin-followers.csv")])],
        ["Location", [["Location", "Total followers"]]],
      ],
      "biff8",
    );
    const result = parseExport(bytes, "lumora_followers_1757800000.xls");
    const csv = parseExport(
      readFileSync(resolve(SHARED, "linkedin-followers.csv")),
      "linkedin-followers.csv",
    );
    expect(result).toMatchObject({
      format: "linkedin-followers",
      errors: [],
      workbook: { sheet: "New followers" },
    });
    expect(withoutLines(result.rows)).toEqual(withoutLines(csv.rows));
  });

  it("reads a TikTok .xlsx whose every cell is text, as TikTok writes them", () => {
    const bytes = workbook([["Content", csvCells("tiktok-content.csv")]], "xlsx");
    const options = { referenceDate: "2026-09-14" };
    const result = parseExport(bytes, "Content.xlsx", options);
    const csv = parseExport(readFileSync(resolve(SHARED, "tiktok-content.csv")), "Content.csv", options);
    expect(result).toMatchObject({ format: "tiktok-content", errors: [], workbook: { container: "xlsx" } });
    expect(withoutLines(result.rows)).toEqual(withoutLines(csv.rows));
  });

  it("refuses a real TikTok Overview.xlsx (daily totals, not posts), saying what to upload instead", () => {
    const bytes = readFileSync(resolve(REAL, "tiktok-overview/bosszy27.xlsx"));
    const refused = refusal(() => parseExport(bytes, "Overview.xlsx"));
    expect(refused.code).toBe("UNRECOGNISED_FORMAT");
    expect(refused.message).toBe(
      `"Overview.xlsx" is TikTok Studio's Overview: the account's daily totals, not its posts, which Brandscope ` +
        "does not import. Upload Content.csv (or Content.xlsx) and FollowerHistory.csv from the same download instead.",
    );
  });

  it("names the sheets and the first row of a workbook it does not know", () => {
    const bytes = workbook(
      [
        [
          "Orders",
          [
            ["Order id", "Total"],
            ["A-1", 12],
          ],
        ],
        ["Notes", []],
      ],
      "xlsx",
    );
    const refused = refusal(() => parseExport(bytes, "orders.xlsx"));
    expect(refused.code).toBe("UNRECOGNISED_FORMAT");
    expect(refused.message).toContain(
      'Read it as an Excel workbook with the sheets "Orders", "Notes", 2 rows',
    );
    expect(refused.message).toContain('first row of "Orders": Order id | Total');
  });

  it("refuses a damaged .xls, an empty workbook and a plain zip, each in words", () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(refusal(() => parseExport(ole, "content.xls"))).toMatchObject({
      code: "WORKBOOK_UNREADABLE",
      message: expect.stringMatching(/looks like an Excel \.xls workbook but cannot be read/),
    });
    expect(refusal(() => parseExport(workbook([["Sheet1", []]], "xlsx"), "empty.xlsx")).code).toBe(
      "EMPTY_FILE",
    );

    const zip = zipOf([deflated("Content.csv", new TextEncoder().encode("a,b\n"))]);
    expect(refusal(() => parseExport(zip, "tiktok.zip"))).toMatchObject({
      code: "UNSUPPORTED_CONTAINER",
      message: expect.stringMatching(/is a zip file, .*unzip it/),
    });
  });

  it("refuses an .xlsx that unpacks to more than it says, or to more than the limit, before reading it", () => {
    const honest = workbook([["Content", csvCells("tiktok-content.csv")]], "xlsx");
    // The central directory's entries state what each unpacks to: shrink one (a bomb's lie), or inflate one past
    // the limit.
    const stating = (size: (real: number) => number) => {
      const bytes = new Uint8Array(honest);
      const view = new DataView(bytes.buffer);
      for (let at = bytes.length - 22; at > 0; at--) {
        if (view.getUint32(at, true) !== 0x06054b50) continue;
        const first = view.getUint32(at + 16, true);
        view.setUint32(first + 24, size(view.getUint32(first + 24, true)), true);
        return bytes;
      }
      throw new Error("no end of central directory");
    };
    for (const bytes of [stating((real) => Math.floor(real / 2)), stating(() => 300 * 1024 * 1024)]) {
      expect(refusal(() => parseExport(bytes, "Content.xlsx"))).toMatchObject({
        code: "WORKBOOK_TOO_LARGE",
        message: expect.stringMatching(/more than the 250 MB one workbook may hold, or more than it says/),
      });
    }
    expect(parseExport(honest, "Content.xlsx", { referenceDate: "2026-09-14" }).errors).toEqual([]);
  });

  it("refuses a sheet with more rows than one import reads, without reading past them", () => {
    const rows = Array.from({ length: 10 }, (_, i) => [`row ${i}`]);
    const bytes = workbook([["Big", rows]], "xlsx");
    expect(() => readWorkbook(bytes, "big.xlsx", 5)).toThrow(WorkbookError);
    expect(() => readWorkbook(bytes, "big.xlsx", 5)).toThrow(/sheet "Big", has more than 5 rows/);
    expect(readWorkbook(bytes, "big.xlsx", 10)?.sheets[0]?.rows).toHaveLength(10);
  });
});
