import type { PlatformShare, SocialNetwork } from "./types";

/** Activity over time is an estimate from the platform mix and needs at least three months (§3). */
export const MIN_ACTIVITY_MONTHS = 3;
/** Below this share of the persona's platform mix with a known brand ER, the estimate would be a guess. */
const MIN_COVERED_SPLIT = 0.5;

/** Whether the persona's segments said which networks its people use (an imported website audience does not). */
export const hasPlatformMix = (split: readonly PlatformShare[]) => split.some((p) => p.share > 0);

/**
 * Engagement rate estimated from the platform mix: Σ split_p · ER_brand(platform) over the last 90 days
 * (§3, labelled "estimated from platform mix"). Platforms where the brand has no ER drop out and the rest
 * of the split is renormalised, so a missing network reads as unknown, never as 0; null when the networks
 * with an ER cover less than half of the split.
 */
export function personaEngagement(
  split: readonly PlatformShare[],
  brandErByPlatform: Partial<Record<SocialNetwork, number | null>>,
): number | null {
  let covered = 0;
  let weighted = 0;
  for (const { platform, share } of split) {
    const er = brandErByPlatform[platform];
    if (er === null || er === undefined || !Number.isFinite(er) || share <= 0) continue;
    covered += share;
    weighted += share * er;
  }
  const total = split.reduce((s, p) => s + Math.max(0, p.share), 0);
  if (total <= 0 || covered / total < MIN_COVERED_SPLIT) return null;
  return weighted / covered;
}

/** The last day of a month ("2026-02" → "2026-02-28"). */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  const days = new Date(Date.UTC(year ?? 0, monthNumber ?? 0, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, "0")}`;
}

/**
 * Whether the stored history (first to last day with data) covers all of a month ("2026-03"). The month the
 * history starts in, or ends in, usually holds only some of its days: its total would read as a collapse.
 */
export function isWholeMonth(month: string, history: { from: string; to: string }): boolean {
  return history.from <= `${month}-01` && history.to >= lastDayOf(month);
}

/**
 * Monthly activity estimated as Σ_platform split_p · E_brand(platform, month) (§3), over the months the history
 * covers whole: a partial first or last month is left out. A month lists the engagement the brand had; a
 * platform absent from a listed month had no engagement there (0). A month where a platform of the persona's mix
 * has posts whose engagement is unknown (null: an export without likes) is left out too, since its sum would read
 * low. Null with fewer than three whole months, and without a platform mix (a GA4 audience names no network): a
 * line of zeros would claim the persona is inactive when nothing is known.
 */
export function personaActivity(
  split: readonly PlatformShare[],
  monthlyEngagement: readonly { month: string; platform: SocialNetwork; engagement: number | null }[],
  history: { from: string; to: string } | null,
): { date: string; value: number }[] | null {
  if (!history || !hasPlatformMix(split)) return null;
  const shareOf = new Map(split.map((s) => [s.platform, s.share]));
  const byMonth = new Map<string, number>();
  const unknown = new Set<string>();
  for (const row of monthlyEngagement) {
    if (!isWholeMonth(row.month, history)) continue;
    const share = shareOf.get(row.platform) ?? 0;
    if (row.engagement === null) {
      if (share > 0) unknown.add(row.month);
      continue;
    }
    const value = share * (Number.isFinite(row.engagement) ? row.engagement : 0);
    byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + value);
  }
  for (const month of unknown) byMonth.delete(month);
  if (byMonth.size < MIN_ACTIVITY_MONTHS) return null;
  return [...byMonth.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([month, value]) => ({ date: `${month.slice(0, 7)}-01`, value }));
}
