export interface CompanyValue {
  companyId: string;
  /** null when the company lacks the platform or the data: left out, never counted as 0. */
  value: number | null;
}

export interface Average {
  value: number | null;
  /** Companies averaged. */
  n: number;
  reason?: string;
}

/**
 * Rival IQ's two reference lines (§2 "Averages"): the competitor average excludes the focus brand, the landscape
 * average includes it. The §6 minimums apply: ≥ 1 competitor, ≥ 2 companies in the landscape.
 */
export function competitorAverages(
  values: readonly CompanyValue[],
  focusId: string,
): { competitor: Average; landscape: Average } {
  const known = values.filter((v): v is { companyId: string; value: number } => v.value !== null);
  const competitors = known.filter((v) => v.companyId !== focusId);
  const mean = (xs: readonly { value: number }[]) => xs.reduce((s, x) => s + x.value, 0) / xs.length;
  return {
    competitor:
      competitors.length >= 1
        ? { value: mean(competitors), n: competitors.length }
        : { value: null, n: 0, reason: "No competitor has this figure yet." },
    landscape:
      known.length >= 2
        ? { value: mean(known), n: known.length }
        : {
            value: null,
            n: known.length,
            reason: `An average needs 2 companies with this figure; ${known.length} ${known.length === 1 ? "has" : "have"} it.`,
          },
  };
}
