/** A spreadsheet runs a cell that starts with one of these as a formula: export them as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text =
    value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join("; ") : String(value);
  // Every cell but a number is text a spreadsheet may run, lists of keywords or hashtags included.
  const safe = typeof value !== "number" && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;
