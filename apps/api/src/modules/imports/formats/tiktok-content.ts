import { parseYearlessDate } from "../dates";
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
      publishedAt: c.date(["Post time"], (raw) => parseYearlessDate(raw, options.referenceDate ?? "")),
      text: c.text(["Video title"]),
      format: "video",
      likes: c.int(["Total likes"]),
      comments: c.int(["Total comments"]),
      shares: c.int(["Total shares"]),
      views: c.int(["Total views"]),
      metrics: {},
    };
  },
};
