import type { components } from "@brandscope/api-client/schema";

export type Platform = components["schemas"]["SocialNetwork"];

export interface LabelShare {
  label: string;
  share: number;
}

export interface InfluencerPostInput {
  postedAt: Date;
  likes: number;
  comments: number;
  /** null where the platform does not expose shares. */
  shares: number | null;
  /** null where the platform does not show views for the format. */
  views: number | null;
}

export interface InfluencerInput {
  id: string;
  platform: Platform;
  followers: number;
  country: string | null;
  topics: string[];
  audience: {
    ages: LabelShare[];
    genders: LabelShare[];
    countries: LabelShare[];
    interests?: LabelShare[];
  } | null;
  recentPosts: InfluencerPostInput[];
  /** Daily follower counts, when the provider keeps a history. */
  snapshots?: { day: string; followers: number }[];
}
