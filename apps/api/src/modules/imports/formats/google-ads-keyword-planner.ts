import { parseNumber } from "../numbers";
import type { Competition, ImportRow, KeywordRow } from "../types";
import type { ExportFormat } from "./format";

/**
 * Accounts without active campaigns see average monthly searches as ranges ("1K–10K"), and their export writes one
 * value per range instead (docs/import-formats.md §1 says which and why). 0 and 10 both stand for the lowest range;
 * every other value lies inside its range, half its upper bound.
 */
export const BUCKETS: ReadonlyMap<number, { min: number; max: number }> = new Map([
  [0, { min: 0, max: 10 }],
  [10, { min: 0, max: 10 }],
  [50, { min: 10, max: 100 }],
  [500, { min: 100, max: 1_000 }],
  [5_000, { min: 1_000, max: 10_000 }],
  [50_000, { min: 10_000, max: 100_000 }],
  [500_000, { min: 100_000, max: 1_000_000 }],
  [5_000_000, { min: 1_000_000, max: 10_000_000 }],
]);

/**
 * Whether the file's volumes are Google's buckets: no monthly figure anywhere (an exact account always has its
 * monthly series) and every volume written on a bucket value. One value off the buckets (a 49,500) means exact
 * volumes that happen to include round ones, so the whole file stays exact.
 */
export function isBucketed(rows: readonly KeywordRow[]): boolean {
  const volumes = rows.flatMap((r) => (r.volume === null ? [] : [r.volume]));
  return (
    volumes.length > 0 &&
    rows.every((r) => r.monthly.every((m) => m.searches === null)) &&
    volumes.every((v) => BUCKETS.has(v))
  );
}

// The UI language translates Competition even when headers stay English (a French file did).
const COMPETITION: Readonly<Record<string, Competition>> = {
  low: "low",
  medium: "medium",
  high: "high",
  unknown: "unknown",
  faible: "low",
  moyen: "medium",
  moyenne: "medium",
  élevé: "high",
  élevée: "high",
  inconnu: "unknown",
  niedrig: "low",
  mittel: "medium",
  hoch: "high",
  unbekannt: "unknown",
  baja: "low",
  media: "medium",
  alta: "high",
  desconocida: "unknown",
};

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const SEARCHES = /^searches:\s*([a-z]{3})[a-z]*\.?\s+(\d{4})$/i;

/**
 * Google Ads Keyword Planner "Download keyword ideas" (docs/import-formats.md §1): UTF-16LE, TAB, title lines
 * optional.
 */
export const googleAdsKeywordPlanner: ExportFormat = {
  id: "google-ads-keyword-planner",
  label: "Google Ads Keyword Planner",
  kind: "keyword",
  signature: [["Keyword"], ["Avg. monthly searches"]],
  map(c) {
    const monthly: { month: string; searches: number | null }[] = [];
    for (const { name, raw } of c.columns()) {
      const m = SEARCHES.exec(name.trim());
      const month = m ? MONTHS.indexOf((m[1] ?? "").toLowerCase()) + 1 : 0;
      if (!m || month === 0) continue;
      const parsed = parseNumber(raw, "int");
      if (!parsed.ok) c.error([name], parsed.message);
      monthly.push({
        month: `${m[2]}-${String(month).padStart(2, "0")}`,
        searches: parsed.ok ? parsed.value : null,
      });
    }

    // Read as exact here; finish() turns the whole file into ranges when it is bucketed.
    const written = c.int(["Avg. monthly searches"]);

    const competitionText = c.text(["Competition"]);
    const competition =
      competitionText === null ? null : (COMPETITION[competitionText.toLowerCase()] ?? null);
    if (competitionText !== null && competition === null) {
      c.error(["Competition"], `"${competitionText}" is not a known competition level`);
    }

    return {
      kind: "keyword",
      line: c.line,
      keyword: c.required(["Keyword"]),
      currency: c.text(["Currency"]),
      volume: written,
      volumeRange: null,
      volumeIsEstimate: false,
      cpcLow: c.number(["Top of page bid (low range)"], "decimal"),
      cpcHigh: c.number(["Top of page bid (high range)"], "decimal"),
      competition,
      competitionIndex: c.int(["Competition (indexed value)"]),
      threeMonthChange: c.number(["Three month change"], "ratio"),
      yoyChange: c.number(["YoY change"], "ratio"),
      monthly,
    };
  },
  finish(rows: ImportRow[]): ImportRow[] {
    const keywords = rows.filter((r): r is KeywordRow => r.kind === "keyword");
    if (!isBucketed(keywords)) return rows;
    return rows.map((r) => {
      if (r.kind !== "keyword" || r.volume === null) return r;
      const range = BUCKETS.get(r.volume) ?? null;
      return { ...r, volume: null, volumeRange: range, volumeIsEstimate: range !== null };
    });
  },
};
