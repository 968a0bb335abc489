import type { components } from "@brandscope/api-client/schema";
import type { PostValues } from "../../brand";
import type { DayWindow } from "../periods";
import type { PillarModel } from "./pillar-model";

export type Schemas = components["schemas"];
export type SocialNetwork = Schemas["SocialNetwork"];

/**
 * A stored post, as the content figures read it: engagement and, on TikTok and YouTube, views. Plays, impressions
 * and reach are stored apart and no figure reads them yet (docs/analytics-methods.md §0).
 */
export interface ContentPost extends Omit<PostValues, "plays" | "impressions" | "reach"> {
  id: string;
}

/** One follower snapshot; `day` is YYYY-MM-DD (UTC). */
export interface FollowerPoint {
  platform: SocialNetwork;
  day: string;
  followers: number;
}

/** What the tokenizer needs of a brand (§1.4): its name, its country's language and the names it is compared with. */
export interface ContentBrand {
  id: string;
  name: string;
  country?: string | null;
  /** Competitors' names: kept in keywords and pillars even when a stop-word list holds their words. */
  competitorNames?: readonly string[];
}

/** One stored set of the brand's Search Console queries (searches.repo.ts readSearchSetsForFigures). */
export interface SearchSetFigures extends DayWindow {
  /** Its queries with the most clicks, each once (the connector's countries added up). */
  queries: readonly { query: string; clicks: number | null; impressions: number | null }[];
}

export interface ContentInput {
  brand: ContentBrand & { logo: string | null };
  /** Every post of the brand from (previous.from − 90 days) to window.to, any order. */
  posts: ContentPost[];
  followers: FollowerPoint[];
  window: DayWindow;
  previous: DayWindow;
  now: Date;
  /** A pillar model fitted earlier (fitPillars), so every period of one brand uses the same pillars. */
  pillars?: PillarModel;
  /** The brand's Search Console queries the period reads (search-sets.ts chooseSet), if any meets it. */
  searchSet?: SearchSetFigures;
}

export type ContentAnalyticsSections = Pick<
  Schemas["ContentAnalytics"],
  "contentBreakdown" | "keywordAnalysis" | "performance" | "audit" | "architecture"
>;

export type SectionState = Schemas["SectionState"];
