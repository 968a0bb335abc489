/**
 * Byte-level sniffing of an uploaded export. Platforms disagree on everything (Google Ads writes UTF-16LE with
 * TABs under a .csv name, Meta's daily files start with Excel's `sep=,` hint), so nothing is assumed from the
 * file name: the bytes decide.
 */

export type Encoding = "utf-16le" | "utf-16be" | "utf-8-bom" | "utf-8" | "windows-1252";
export type Delimiter = "," | "\t" | ";";
export type LineEnding = "lf" | "crlf" | "cr" | "none";

export interface Sniffed {
  text: string;
  encoding: Encoding;
  delimiter: Delimiter;
  lineEnding: LineEnding;
  finalNewline: boolean;
  preamble: Preamble;
}

/** The `#` comment lines above the table (GA4's exploration name, property and dates). */
export interface Preamble {
  /** Their text without the `#`. */
  lines: string[];
  /** Where the table starts in the text, and how many lines come before it. */
  end: number;
  lineCount: number;
}

export function decodeBytes(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8-bom" };
  }
  try {
    // fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD, which is how we know
    // the file was re-saved by an older Excel in the Windows code page.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

const CANDIDATES: readonly Delimiter[] = [",", "\t", ";"];
/** GA4 writes about ten comment lines; past this many, `#` lines are not a preamble but the file's content. */
const PREAMBLE_MAX_LINES = 100;
const SCAN_LINES = 6;

/**
 * Excel's `sep=X` first line wins. Otherwise the delimiter that occurs most often on a single line, outside
 * quotes, among the first lines: title lines above the header (Keyword Planner) have few or none, the header
 * has one per column. Ties go to the comma.
 */
export function detectDelimiter(text: string): Delimiter {
  const hint = /^sep=(.)\r?\n/i.exec(text.slice(0, 8));
  if (hint && (CANDIDATES as readonly string[]).includes(hint[1] ?? "")) return hint[1] as Delimiter;

  const best = new Map<Delimiter, number>(CANDIDATES.map((d) => [d, 0]));
  let counts = new Map<Delimiter, number>(CANDIDATES.map((d) => [d, 0]));
  let inQuotes = false;
  let lines = 0;
  const limit = Math.min(text.length, 64 * 1024);
  for (let i = 0; i <= limit; i++) {
    const ch = i < limit ? text[i] : "\n";
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === "\n" || ch === "\r")) {
      for (const d of CANDIDATES) best.set(d, Math.max(best.get(d) ?? 0, counts.get(d) ?? 0));
      counts = new Map(CANDIDATES.map((d) => [d, 0]));
      if (ch === "\n" && ++lines >= SCAN_LINES) break;
    } else if (!inQuotes && (CANDIDATES as readonly string[]).includes(ch ?? "")) {
      const d = ch as Delimiter;
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
  }
  let pick: Delimiter = ",";
  for (const d of CANDIDATES) if ((best.get(d) ?? 0) > (best.get(pick) ?? 0)) pick = d;
  return pick;
}

export function detectLineEnding(text: string): { lineEnding: LineEnding; finalNewline: boolean } {
  const first = text.search(/\r\n|\n|\r/);
  const lineEnding: LineEnding =
    first < 0 ? "none" : text[first] === "\n" ? "lf" : text[first + 1] === "\n" ? "crlf" : "cr";
  return { lineEnding, finalNewline: /[\r\n]$/.test(text) };
}

/**
 * The comment lines that open the file: lines starting with `#`, and blank lines among them (GA4 writes a dashed
 * line, the exploration's name, account, property, segment and dates this way). `end` is where the table starts.
 */
export function readPreamble(text: string): Preamble {
  const lines: string[] = [];
  let end = 0;
  let lineCount = 0;
  let seen = 0;
  // Searched in place from `at`: slicing the text per line would copy a large file once per line.
  const newline = /\r\n|\n|\r/g;
  for (let at = 0; at < text.length && seen < PREAMBLE_MAX_LINES; ) {
    newline.lastIndex = at;
    const match = newline.exec(text);
    const line = text.slice(at, match ? match.index : text.length);
    const next = match ? match.index + match[0].length : text.length;
    seen += 1;
    if (line.startsWith("#")) {
      lines.push(line.slice(1).trim());
      end = next;
      lineCount = seen;
    } else if (line.trim() !== "" || lines.length === 0) break;
    at = next;
  }
  return { lines, end, lineCount };
}

export function sniff(bytes: Uint8Array): Sniffed {
  const { text, encoding } = decodeBytes(bytes);
  const preamble = readPreamble(text);
  return {
    text,
    encoding,
    // The comment lines have no columns: the delimiter is the table's.
    delimiter: detectDelimiter(text.slice(preamble.end)),
    ...detectLineEnding(text),
    preamble,
  };
}
