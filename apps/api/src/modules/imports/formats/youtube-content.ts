import { parseEnglishDate } from "../dates";
import type { ExportFormat } from "./format";

/**
 * YouTube Studio "Export current view", Table data.csv (docs/import-formats.md §6). Row 2 is `Total`; metric
 * columns are whatever the user selected, so every metric is optional. `(%)` columns hold bare percents.
 */
export const youtubeContent: ExportFormat = {
  id: "youtube-content",
  label: "YouTube Studio content",
  kind: "post",
  signature: [["Content"], ["Video title"], ["Video publish time"]],
  map(c) {
    // Ids starting with "-" are written with a leading space; text() trims it.
    const id = c.required(["Content"]);
    if (id.toLowerCase() === "total") return null;
    return {
      kind: "post",
      line: c.line,
      platform: "youtube",
      externalId: id,
      url: id ? `https://www.youtube.com/watch?v=${id}` : null,
      publishedAt: c.date(["Video publish time"], parseEnglishDate),
      text: c.text(["Video title"]),
      // A Short cannot be told apart for sure from this table (docs/import-formats.md §6).
      format: "video",
      likes: c.int(["Likes"]),
      comments: c.int(["Comments added"]),
      shares: c.int(["Shares"]),
      views: c.int(["Views"]),
      metrics: {
        durationSec: c.int(["Duration"]),
        watchTimeHours: c.number(["Watch time (hours)"], "decimal"),
        subscribers: c.int(["Subscribers"]),
        impressions: c.int(["Impressions", "Thumbnail impressions"]),
        impressionsCtr: c.number(
          ["Impressions click-through rate (%)", "Thumbnail click-through rate (%)"],
          "percent",
        ),
        estimatedRevenueUsd: c.number(["Estimated revenue (USD)"], "decimal"),
      },
    };
  },
};
