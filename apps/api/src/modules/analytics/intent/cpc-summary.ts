import { median } from "../statistics";

export interface CpcInput {
  cpc: number | null;
  volume: number | null;
  /** A bucketed import's lower bound, set when `volume` is null because only a range is known. */
  volumeLow?: number | null;
  currency: string;
}

export interface CpcSummary {
  currency: string;
  /** Σ cpc·volume / Σ volume over keywords with a CPC and a volume; null when no volume. */
  weightedCpc: number | null;
  /** Median over keywords with a CPC. */
  medianCpc: number | null;
  /** Keywords without a CPC (missing or 0: nobody bid). */
  withoutCpc: number;
  /**
   * Priced keywords left out of weightedCpc because their volume is only a range (docs/analytics-methods.md
   * §5.3): a range's weight would be a guess.
   */
  rangedVolumes: number;
}

/** §5 CPC aggregation, one row per currency (currencies are never mixed), sorted by currency code. */
export function cpcSummary(keywords: readonly CpcInput[]): CpcSummary[] {
  const byCurrency = new Map<string, CpcInput[]>();
  for (const k of keywords) byCurrency.set(k.currency, [...(byCurrency.get(k.currency) ?? []), k]);
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, rows]) => {
      const priced = rows.filter((k): k is CpcInput & { cpc: number } => k.cpc !== null && k.cpc > 0);
      let weighted = 0;
      let volume = 0;
      let rangedVolumes = 0;
      for (const k of priced) {
        if (k.volume === null && (k.volumeLow ?? null) !== null) rangedVolumes += 1;
        if (k.volume === null || k.volume <= 0) continue;
        weighted += k.cpc * k.volume;
        volume += k.volume;
      }
      return {
        currency,
        weightedCpc: volume > 0 ? weighted / volume : null,
        medianCpc: median(priced.map((k) => k.cpc)),
        withoutCpc: rows.length - priced.length,
        rangedVolumes,
      };
    });
}
