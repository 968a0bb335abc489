import { parseEnglishDate } from "../dates";
import type { ExportFormat } from "./format";

// Two spellings of the same export's columns, seen in different accounts' files (issue 27).
const LINK = ["Post Link", "Link"];
const EXTERNAL_SHARES = ["Shares", "Share"];

/**
 * Current X Premium account_analytics_content (docs/import-formats.md §7). `Date` has no time
 * (`Sat, Sep 12, 2026`).
 */
export const xAccountContent: ExportFormat = {
  id: "x-account-content",
  label: "X account analytics content",
  kind: "post",
  signature: [["Post id"], LINK, ["Date"]],
  map(c) {
    return {
      kind: "post",
      line: c.line,
      platform: "twitter",
      externalId: c.required(["Post id"]),
      url: c.link(LINK),
      publishedAt: c.date(["Date"], parseEnglishDate),
      text: c.text(["Post text"]),
      format: null,
      likes: c.int(["Likes"]),
      comments: c.int(["Replies"]),
      shares: c.int(["Reposts"]),
      views: null,
      plays: null,
      impressions: c.int(["Impressions"]),
      reach: null,
      metrics: {
        engagements: c.int(["Engagements"]),
        bookmarks: c.int(["Bookmarks"]),
        // X's "Shares" are shares by link or DM, not reposts.
        externalShares: c.int(EXTERNAL_SHARES),
        urlClicks: c.int(["URL Clicks"]),
        newFollows: c.int(["New follows"]),
        profileVisits: c.int(["Profile visits"]),
      },
    };
  },
};
