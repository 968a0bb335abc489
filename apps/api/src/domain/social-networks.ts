/** The social networks Brandscope reads, in the contract's order (SocialNetwork in openapi/openapi.yaml). */
export const socialNetworks = ["facebook", "instagram", "youtube", "tiktok", "linkedin", "twitter"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
