import { parseIsoDate } from "../dates";
import type { ExportFormat } from "./format";

/**
 * Legacy X/Twitter tweet_activity_metrics (docs/import-formats.md §7). `time` is UTC (`+0000`), the only export
 * that says so. 2015 files write counts as `424.0`; promoted columns hold `-` (not promoted) and are not read.
 */
export const xTweetActivity: ExportFormat = {
  id: "x-tweet-activity",
  label: "X tweet activity (legacy)",
  kind: "post",
  signature: [["Tweet id"], ["Tweet permalink"], ["time"]],
  map(c) {
    return {
      kind: "post",
      line: c.line,
      platform: "twitter",
      externalId: c.required(["Tweet id"]),
      url: c.link(["Tweet permalink"]),
      publishedAt: c.date(["time"], parseIsoDate),
      text: c.text(["Tweet text"]),
      format: null,
      // `favorites` before late 2015.
      likes: c.int(["likes", "favorites"]),
      comments: c.int(["replies"]),
      shares: c.int(["retweets"]),
      views: null,
      plays: null,
      impressions: c.int(["impressions"]),
      reach: null,
      metrics: {
        engagements: c.int(["engagements"]),
        engagementRate: c.number(["engagement rate"], "ratio"),
        follows: c.int(["follows"]),
        mediaViews: c.int(["media views"]),
      },
    };
  },
};
