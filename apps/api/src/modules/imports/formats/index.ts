import type { FormatId, RowKind } from "../types";
import { creatorList } from "./creator-list";
import type { ExportFormat } from "./format";
import { ga4Audience } from "./ga4-audience";
import { ga4Traffic } from "./ga4-traffic";
import { googleAdsKeywordPlanner } from "./google-ads-keyword-planner";
import { instagramPosts } from "./instagram-posts";
import { linkedinFollowers } from "./linkedin-followers";
import { linkedinUpdates } from "./linkedin-updates";
import { metaDailyFollows } from "./meta-daily-follows";
import { metaFacebookPosts } from "./meta-facebook-posts";
import { searchConsoleQueries } from "./search-console-queries";
import { tiktokContent } from "./tiktok-content";
import { tiktokFollowerHistory } from "./tiktok-follower-history";
import { xAccountContent } from "./x-account-content";
import { xTweetActivity } from "./x-tweet-activity";
import { youtubeContent } from "./youtube-content";

export type { ExportFormat } from "./format";

/** Every export we recognise. Order does not matter: the most specific full match wins. */
export const FORMATS: readonly ExportFormat[] = [
  googleAdsKeywordPlanner,
  metaFacebookPosts,
  metaDailyFollows,
  instagramPosts,
  tiktokContent,
  tiktokFollowerHistory,
  linkedinUpdates,
  linkedinFollowers,
  youtubeContent,
  xTweetActivity,
  xAccountContent,
  searchConsoleQueries,
  ga4Audience,
  ga4Traffic,
  creatorList,
];

/** The ids of the exports whose rows are of one of `kinds`, e.g. every export that stores posts. */
export const formatsStoring = (kinds: readonly RowKind[]): FormatId[] =>
  FORMATS.filter((format) => kinds.includes(format.kind)).map((format) => format.id);
