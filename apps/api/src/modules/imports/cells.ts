import { type DateResult, parseIsoDate, parseUsDate } from "./dates";
import { type NumberKind, parseNumber } from "./numbers";
import type { RowError } from "./types";

/**
 * A header name as compared: trimmed, case-insensitive, inner whitespace collapsed, and without invisible
 * characters (soft hyphens U+00AD, which German YouTube Studio headers carry, zero-width spaces, a stray BOM).
 */
export const headerKey = (name: string) =>
  name
    .replace(/[\u00ad\u200b\ufeff]/g, "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();

function isWebAddress(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** Column names a field accepts, first match wins (renames across years and UI languages). */
export type Names = readonly string[];

/**
 * One record seen through its header. Every accessor records a problem in `errors` instead of throwing, so
 * one bad cell does not hide the others of the same row; the caller drops rows that collected errors.
 */
const ZONELESS_ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/;

export class Cells {
  constructor(
    private readonly header: ReadonlyMap<string, { index: number; name: string }>,
    private readonly record: readonly string[],
    readonly line: number,
    readonly errors: RowError[],
    /** The record is a workbook's row, whose date cells come as zone-less ISO days or times (workbook.ts). */
    private readonly fromWorkbook = false,
  ) {}

  private find(names: Names) {
    for (const n of names) {
      const col = this.header.get(headerKey(n));
      if (col) return col;
    }
    return undefined;
  }

  has(names: Names): boolean {
    return this.find(names) !== undefined;
  }

  private fail(names: Names, message: string) {
    this.errors.push({ row: this.line, column: this.find(names)?.name ?? names[0], message });
  }

  /** Trimmed text, null when the column is absent or the cell empty. */
  text(names: Names): string | null {
    const col = this.find(names);
    const value = col ? (this.record[col.index] ?? "").trim() : "";
    return value === "" ? null : value;
  }

  /**
   * A link the app will show as one: an http or https address, null when the cell is empty. Anything else
   * (`javascript:`, `file:`, `data:`) is an error of its cell, so no imported link runs script where it is shown.
   */
  link(names: Names): string | null {
    const value = this.text(names);
    if (value === null || isWebAddress(value)) return value;
    const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    this.fail(names, `"${shown}" is not a web address (http:// or https://)`);
    return null;
  }

  /** Text that must be there; records "missing required cell" otherwise. */
  required(names: Names): string {
    const value = this.text(names);
    if (value === null) this.fail(names, `missing required cell ${names[0]}`);
    return value ?? "";
  }

  /** A number, or null when the column is absent or the cell empty (unknown, never 0). */
  number(names: Names, kind: NumberKind): number | null {
    const col = this.find(names);
    if (!col) return null;
    const parsed = parseNumber(this.record[col.index], kind);
    if (parsed.ok) return parsed.value;
    this.fail(names, parsed.message);
    return null;
  }

  int(names: Names) {
    return this.number(names, "int");
  }

  /**
   * A required date, read by `parse` (US dates by default); in a workbook's row also a zone-less ISO day or time,
   * what a date cell becomes there and unambiguous in any format.
   */
  date(names: Names, parse: (raw: string) => DateResult = parseUsDate): string {
    const raw = this.required(names);
    if (raw === "") return "";
    const parsed = this.fromWorkbook && ZONELESS_ISO.test(raw) ? parseIsoDate(raw) : parse(raw);
    if (parsed.ok) return parsed.value;
    this.fail(names, parsed.message);
    return "";
  }

  /** Every header, in file order, for formats with open-ended columns (Keyword Planner's months). */
  columns(): { name: string; raw: string }[] {
    return [...this.header.values()].map((c) => ({ name: c.name, raw: this.record[c.index] ?? "" }));
  }

  /** Records an error that is not about one accessor call. */
  error(names: Names, message: string) {
    this.fail(names, message);
  }
}
