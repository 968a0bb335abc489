import type { ExportFormat } from "./format";

/** Meta Business Suite, Facebook Page posts (docs/import-formats.md §2). Lifetime totals as of the export day. */
export const metaFacebookPosts: ExportFormat = {
  id: "meta-facebook-posts",
  label: "Meta Facebook posts",
  kind: "post",
  signature: [["Post ID"], ["Page ID"], ["Publish time"], ["Permalink"]],
  map(c) {
    const title = c.text(["Title"]);
    const description = c.text(["Description"]);
    // Meta puts the caption in Title for most posts and in Description for some videos: keep the longer.
    const text = (description?.length ?? 0) > (title?.length ?? 0) ? description : title;
    return {
      kind: "post",
      line: c.line,
      platform: "facebook",
      externalId: c.required(["Post ID"]),
      url: c.link(["Permalink"]),
      publishedAt: c.date(["Publish time"]),
      text,
      format: c.text(["Post type"]),
      likes: c.int(["Reactions"]),
      comments: c.int(["Comments"]),
      shares: c.int(["Shares"]),
      // Meta's Views since 2025; Impressions before (docs/import-formats.md §2).
      views: c.int(["Views"]),
      plays: null,
      impressions: c.int(["Impressions"]),
      reach: c.int(["Reach"]),
      metrics: {
        engagements: c.int(["Reactions, Comments and Shares"]),
        clicks: c.int(["Total clicks"]),
        durationSec: c.int(["Duration (sec)"]),
      },
    };
  },
};
