/** The social networks Brandscope reads, in the contract's order (SocialNetwork in openapi/openapi.yaml). */
export const socialNetworks = ["facebook", "instagram", "youtube", "tiktok", "linkedin", "twitter"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** Each network's name as a sentence or an e-mail shows it. */
export const NETWORK_NAMES: Readonly<Record<SocialNetwork, string>> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
  twitter: "X",
};

/**
 * Networks whose public share/repost count is part of a post's engagement `E` (docs/analytics-methods.md §1.1).
 * Instagram shares are left out for parity: most compared accounts do not expose them; YouTube has no public share
 * count.
 */
export const COUNTS_SHARES: Readonly<Record<SocialNetwork, boolean>> = {
  facebook: true,
  instagram: false,
  youtube: false,
  tiktok: true,
  linkedin: true,
  twitter: true,
};

/** Networks whose headline engagement rate is per view rather than per follower (docs/analytics-methods.md §1.2). */
export const RATE_BY_VIEWS: Readonly<Record<SocialNetwork, boolean>> = {
  facebook: false,
  instagram: false,
  youtube: true,
  tiktok: true,
  linkedin: false,
  twitter: false,
};
