import type { components } from "@brandscope/api-client/schema";

type Points = components["schemas"]["InfluencerDetails"]["audienceVsEngagement"];

/**
 * The §4 bubble chart: x = followers (the chart draws it on a log scale), y = ER in percent, radius = fit as a
 * fraction. A point without ER has no y and is left out; a missing fit draws the smallest bubble (0). Input order
 * is kept: the caller decides which comparison points to show.
 */
export function audienceVsEngagement(
  points: readonly { label: string; followers: number; er: number | null; fit: number | null }[],
): Points {
  return points
    .filter((p): p is typeof p & { er: number } => p.er !== null && Number.isFinite(p.er))
    .map((p) => ({ label: p.label, audience: p.followers, engagement: p.er * 100, radius: p.fit ?? 0 }));
}
