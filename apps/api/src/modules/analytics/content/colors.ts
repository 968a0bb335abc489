import type { SocialNetwork } from "./types";

/** The design system has eight chart tokens; ranks beyond that reuse them in order. */
const CHART_TOKENS = 8;

/** Colour of the item at 0-based `rank` in a ranked list (keywords, pillars, formats). */
export const rankColor = (rank: number) => `var(--chart-${(rank % CHART_TOKENS) + 1})`;

/** Platforms keep one colour everywhere in the app, so it is a token, not a rank. */
export const networkColor = (platform: SocialNetwork) => `var(--network-${platform})`;
