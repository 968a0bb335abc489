import type { ExportFormat } from "./format";

/** Meta Business Suite, Instagram posts (docs/import-formats.md §3). */
export const instagramPosts: ExportFormat = {
  id: "instagram-posts",
  label: "Meta Instagram posts",
  kind: "post",
  signature: [["Post ID"], ["Account ID"], ["Publish time"], ["Permalink"]],
  map(c) {
    return {
      kind: "post",
      line: c.line,
      platform: "instagram",
      externalId: c.required(["Post ID"]),
      url: c.link(["Permalink"]),
      publishedAt: c.date(["Publish time"]),
      text: c.text(["Description"]),
      format: c.text(["Post type"]),
      likes: c.int(["Likes"]),
      comments: c.int(["Comments"]),
      shares: c.int(["Shares"]),
      // Meta's Views since 2025; Impressions and, for reels, Plays before (docs/import-formats.md §3).
      views: c.int(["Views"]),
      plays: c.int(["Plays"]),
      impressions: c.int(["Impressions"]),
      reach: c.int(["Reach"]),
      metrics: {
        saves: c.int(["Saves"]),
        follows: c.int(["Follows"]),
        durationSec: c.int(["Duration (sec)"]),
      },
    };
  },
};
