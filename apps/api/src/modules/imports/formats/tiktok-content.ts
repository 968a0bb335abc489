import { parseSlashedIsoDate, parseYearlessDate } from "../dates";
import { type ExportFormat, lastPathPart } from "./format";

/**
 * TikTok Studio Content.csv (docs/import-formats.md §4). `Time` is the export's data date; `Post time` the publish
 * day.
 */
export const tiktokContent: ExportFormat = {
  id: "tiktok-content",
  label: "TikTok Studio content",
  kind: "post",
  signature: [["Video link"], ["Post time"]],
  needsReferenceDate: true,
  map(c, options) {
    const url = c.text(["Video link"]);
    const externalId = lastPathPart(url);
    if (url && !externalId) c.error(["Video link"], `no video id in "${url}"`);
    if (!url) c.required(["Video link"]);
    return {
      kind: "post",
      line: c.line,
      platform: "tiktok",
      externalId: externalId ?? "",
      url,
      // Most exports write the day without a year ("September 25"); some write it whole ("2025/10/31 18:19:10").
      publishedAt: c.date(["Post time"], (raw) =>
        /^\s*\d{4}\//.test(raw)
          ? parseSlashedIsoDate(raw)
          : parseYearlessDate(raw, options.referenceDate ?? ""),
      ),
      text: c.text(["Video title"]),
      format: "video",
      likes: c.int(["Total likes"]),
      comments: c.int(["Total comments"]),
      shares: c.int(["Total shares"]),
      views: c.int(["Total views"]),
      plays: null,
      impressions: null,
      reach: null,
      metrics: {},
    };
  },
};
