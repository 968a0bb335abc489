/**
 * Number cells as the platforms and spreadsheet re-saves write them. An empty cell is "unknown" and becomes
 * null, never 0 (docs/analytics-methods.md §0). Ambiguous separators are settled by the field's kind, see below.
 */

/** int: counts. decimal: money, positions, hours. percent: bare numbers are percents (YouTube `(%)`,
 * Search Console `39.88%`). ratio: bare numbers are already ratios (LinkedIn `0.0555`), `2%` also accepted. */
export type NumberKind = "int" | "decimal" | "percent" | "ratio";

export type NumberResult = { ok: true; value: number | null } | { ok: false; message: string };

// `--` Google Ads "no data"; `-` X promoted columns when not promoted; `undefined` TikTok Viewers.csv; `∞` is
// Google's change from a zero base month, a division by zero, which docs/analytics-methods.md §0 says is null
// rather than a number.
const UNKNOWN = new Set(["", "-", "--", "n/a", "undefined", "∞", "+∞"]);

export function parseNumber(raw: string | undefined, kind: NumberKind): NumberResult {
  const trimmed = (raw ?? "").trim();
  if (UNKNOWN.has(trimmed.toLowerCase())) return { ok: true, value: null };
  const fail = (why: string): NumberResult => ({ ok: false, message: `"${trimmed}" ${why}` });

  let s = trimmed;
  const hasPercent = s.endsWith("%");
  if (hasPercent) {
    if (kind === "int" || kind === "decimal") return fail("is a percentage where a plain number is expected");
    s = s.slice(0, -1);
  }
  // Spaces (incl. no-break and narrow no-break) and apostrophes are only ever thousands separators.
  s = s.replace(/[\s\u00a0\u202f']/g, "");
  let negative = false;
  if (/^[-−]/.test(s)) {
    negative = true;
    s = s.slice(1);
  } else if (s.startsWith("+")) s = s.slice(1);

  const plain = normaliseSeparators(s, kind);
  if (plain === null || !/^\d+(\.\d+)?$/.test(plain)) return fail("is not a number");
  const scaled = kind === "percent" || (kind === "ratio" && hasPercent) ? shiftDecimal(plain, 2) : plain;
  const value = (negative ? -1 : 1) * Number(scaled);
  if (kind === "int" && !Number.isInteger(value)) return fail("is not a whole number");
  return { ok: true, value: value === 0 ? 0 : value }; // no -0
}

/**
 * Returns the number with `.` as the only decimal mark, or null when the separators make no sense.
 * Both marks present: the last one is the decimal mark (`1.234,5`, `1,234.5`). Repeated: thousands.
 * A single mark followed by exactly three digits after a non-zero integer part is read as thousands
 * (`1,234` → 1234, `1.234` → 1234 for counts); anything else is a decimal mark (`0,62`, `8,36`, `3.3`).
 * A single `.` is kept as the decimal point for non-count fields: English exports dominate there.
 */
function normaliseSeparators(s: string, kind: NumberKind): string | null {
  const commas = s.split(",").length - 1;
  const dots = s.split(".").length - 1;
  if (commas > 0 && dots > 0) {
    const decimal = s.lastIndexOf(",") > s.lastIndexOf(".") ? "," : ".";
    const thousands = decimal === "," ? "." : ",";
    const [whole, fraction, extra] = s.split(decimal);
    if (extra !== undefined || whole === undefined || !isGrouped(whole, thousands)) return null;
    return `${whole.split(thousands).join("")}.${fraction}`;
  }
  const mark = commas > 0 ? "," : dots > 0 ? "." : null;
  if (mark === null) return s;
  const parts = s.split(mark);
  if (parts.length > 2) return isGrouped(s, mark) ? parts.join("") : null;
  const [whole = "", fraction = ""] = parts;
  const looksGrouped = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole);
  if (looksGrouped && (mark === "," || kind === "int")) return whole + fraction;
  return `${whole}.${fraction}`;
}

function isGrouped(s: string, sep: string): boolean {
  if (!s.includes(sep)) return /^\d+$/.test(s);
  const [head, ...groups] = s.split(sep);
  return /^\d{1,3}$/.test(head ?? "") && groups.every((g) => /^\d{3}$/.test(g));
}

/** Divides a plain decimal string by 10^places exactly (no `39.88 / 100 = 0.39880000000000004`). */
function shiftDecimal(plain: string, places: number): string {
  const [whole = "", fraction = ""] = plain.split(".");
  const padded = whole.padStart(places + 1, "0");
  return `${padded.slice(0, -places)}.${padded.slice(-places)}${fraction}`;
}
