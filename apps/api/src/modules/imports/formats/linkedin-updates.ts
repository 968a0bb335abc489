import type { ExportFormat } from "./format";

/**
 * LinkedIn Page content export, the `All posts` sheet of the .xls workbook LinkedIn downloads (read by workbook.ts)
 * or that sheet saved as CSV (docs/import-formats.md §5). Rates are ratios (0.0555) or text percents (`2%`), hence
 * "ratio".
 */
const LINK = ["Post link", "Update link"];

export const linkedinUpdates: ExportFormat = {
  id: "linkedin-updates",
  label: "LinkedIn posts",
  kind: "post",
  signature: [["Post title", "Update title"], LINK, ["Created date"]],
  map(c) {
    const url = c.required(LINK) === "" ? null : c.link(LINK);
    const urn = url ? /urn:li:(?:activity|share|ugcPost):\d+/.exec(url)?.[0] : undefined;
    if (url && !urn) c.error(LINK, `no urn:li:activity id in "${url}"`);
    return {
      kind: "post",
      line: c.line,
      platform: "linkedin",
      externalId: urn ?? "",
      url,
      publishedAt: c.date(["Created date"]),
      text: c.text(["Post title", "Update title"]),
      format: c.text(["Content Type"]),
      likes: c.int(["Likes"]),
      comments: c.int(["Comments"]),
      // Renamed from Shares to Reposts.
      shares: c.int(["Reposts", "Shares"]),
      // A video's views on LinkedIn (empty for other posts); impressions are a measure of their own.
      views: c.int(["Views (excluding off-site video views)"]),
      plays: null,
      impressions: c.int(["Impressions"]),
      reach: null,
      metrics: {
        offsiteViews: c.int(["Off-site views", "Offsite Views"]),
        clicks: c.int(["Clicks"]),
        ctr: c.number(["Click through rate (CTR)"], "ratio"),
        follows: c.int(["Follows"]),
        engagementRate: c.number(["Engagement rate"], "ratio"),
      },
    };
  },
};
