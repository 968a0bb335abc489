export type CompetitionBand = "low" | "medium" | "high";

/**
 * Google Ads' paid-competition bands (§5: index low 0–33, medium 34–66, high 67–100) for our 0–1 value. This is
 * paid-search competition, never keyword difficulty.
 */
export function competitionBand(competition: number | null): CompetitionBand | null {
  if (competition === null || !Number.isFinite(competition)) return null;
  const index = Math.round(competition * 100);
  return index <= 33 ? "low" : index <= 66 ? "medium" : "high";
}
