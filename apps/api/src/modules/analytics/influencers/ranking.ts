/**
 * The ranking score (§4), a product choice: 100·(0.40·ERpct + 0.45·fit + 0.15·topic). A missing part scores 0
 * so an unknown never outranks a known. Authenticity is deliberately not part of it: flags are shown as evidence.
 */
export const RANKING_WEIGHTS = { erPercentile: 0.4, fit: 0.45, topic: 0.15 } as const;

export function rankingScore(erPct: number | null, fit: number | null, topic: number): number {
  return (
    100 *
    (RANKING_WEIGHTS.erPercentile * (erPct ?? 0) +
      RANKING_WEIGHTS.fit * (fit ?? 0) +
      RANKING_WEIGHTS.topic * topic)
  );
}

/** Sort order of §4: score descending, then followers descending, then id. */
export function compareRanked(
  a: { score: number; followers: number; id: string },
  b: { score: number; followers: number; id: string },
): number {
  return b.score - a.score || b.followers - a.followers || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
