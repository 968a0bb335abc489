import { parseEnglishDate } from "../dates";
import type { ExportFormat } from "./format";

/**
 * Current X Premium account_analytics_content (docs/import-formats.md §7). `Date` has no time
 * (`Sat, Sep 12, 2026`).
 */
export const xAccountContent: ExportFormat = {
  id: "x-account-content",
  label: "X account analytics content",
  kind: "post",
  signature: [["Post id"], ["Post Link"], ["Date"]],
  map(c) {
    return {
      kind: "post",
      line: c.line,
      platform: "twitter",
      externalId: c.required(["Post id"]),
      url: c.text(["Post Link"]),
      publishedAt: c.date(["Date"], parseEnglishDate),
      text: c.text(["Post text"]),
      format: null,
      likes: c.int(["Likes"]),
      comments: c.int(["Replies"]),
      shares: c.int(["Reposts"]),
      views: c.int(["Impressions"]),
      metrics: {
        engagements: c.int(["Engagements"]),
        bookmarks: c.int(["Bookmarks"]),
        // X's "Shares" are shares by link or DM, not reposts.
        externalShares: c.int(["Shares"]),
        newFollows: c.int(["New follows"]),
        profileVisits: c.int(["Profile visits"]),
      },
    };
  },
};
