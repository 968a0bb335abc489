/** HypeAuditor's follower tiers (docs/analytics-methods.md §4): engagement falls with audience size. */
export const TIERS = ["0-1k", "1k-5k", "5k-20k", "20k-100k", "100k-1m", "1m+"] as const;
export type Tier = (typeof TIERS)[number];

const UPPER_BOUNDS: readonly number[] = [1_000, 5_000, 20_000, 100_000, 1_000_000];

export function tierOf(followers: number): Tier {
  const index = UPPER_BOUNDS.findIndex((bound) => followers < bound);
  return TIERS[index === -1 ? TIERS.length - 1 : index] ?? "1m+";
}

export const TIER_LABELS: Readonly<Record<Tier, string>> = {
  "0-1k": "0–1K",
  "1k-5k": "1K–5K",
  "5k-20k": "5K–20K",
  "20k-100k": "20K–100K",
  "100k-1m": "100K–1M",
  "1m+": "over 1M",
};
