/** The social networks the product charts (docs/product.md §3 "Enumerations"), in that order. */
export const NETWORKS = ["facebook", "instagram", "youtube", "tiktok", "linkedin", "twitter"] as const;

export type Network = (typeof NETWORKS)[number];

export const NETWORK_LABELS: Readonly<Record<Network, string>> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
  twitter: "Twitter",
};

/**
 * The network's own colour as a CSS value (`var(--network-facebook)`), from ui's chart-palette.css.
 * Use it in HTML (legends, swatches); charts resolve it to a concrete colour through useChartTheme.
 */
export function networkColor(network: Network): string {
  return `var(--network-${network})`;
}
