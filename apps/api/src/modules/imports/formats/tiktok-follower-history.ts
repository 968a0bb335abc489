import { parseYearlessDate } from "../dates";
import type { ExportFormat } from "./format";

/** TikTok Studio FollowerHistory.csv (docs/import-formats.md §4): running total per day plus the day's net change. */
export const tiktokFollowerHistory: ExportFormat = {
  id: "tiktok-follower-history",
  label: "TikTok Studio follower history",
  kind: "followers",
  signature: [["Date"], ["Followers"], ["Difference in followers from previous day"]],
  needsReferenceDate: true,
  map(c, options) {
    return {
      kind: "followers",
      line: c.line,
      platform: "tiktok",
      date: c.date(["Date"], (raw) => parseYearlessDate(raw, options.referenceDate ?? "")),
      followers: c.int(["Followers"]),
      newFollowers: null,
      netChange: c.int(["Difference in followers from previous day"]),
      metrics: {},
    };
  },
};
