import { parseEnglishDate } from "../dates";
import type { ExportFormat } from "./format";

const CONTENT = ["Content"];
const PUBLISHED = ["Video publish time"];

/** The last line of a channel's export past its 500 top videos, in the Content column. */
const TOP_RESULTS = /^showing top ([\d,.\s]+) results$/i;

/**
 * YouTube Studio "Export current view", Table data.csv (docs/import-formats.md §6). Row 2 is `Total`; metric
 * columns are whatever the user selected, so every metric is optional. `(%)` columns hold bare percents.
 * Videos without a publish time (not public) and the "Showing top 500 results" line are skipped with a note,
 * never refused: real channels' files have both.
 */
export const youtubeContent: ExportFormat = {
  id: "youtube-content",
  label: "YouTube Studio content",
  kind: "post",
  signature: [["Content"], ["Video title"], ["Video publish time"]],
  map(c) {
    // Ids starting with "-" are written with a leading space; text() trims it.
    const id = c.required(CONTENT);
    if (id.toLowerCase() === "total") return null;
    const top = TOP_RESULTS.exec(id);
    if (top) {
      return {
        kind: "skipped",
        reason:
          `"${id}" is YouTube Studio's note that the export stops at the channel's top ${top[1]?.trim()} ` +
          "videos: the others are not in the file.",
      };
    }
    if (id !== "" && c.text(PUBLISHED) === null) {
      return {
        kind: "skipped",
        reason:
          "they have no Video publish time, which YouTube Studio leaves empty for videos that are not public " +
          "(private ones, for example); a post cannot be placed in time without it.",
      };
    }
    return {
      kind: "post",
      line: c.line,
      platform: "youtube",
      externalId: id,
      url: id ? `https://www.youtube.com/watch?v=${id}` : null,
      publishedAt: c.date(PUBLISHED, parseEnglishDate),
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
