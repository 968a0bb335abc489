import { parseIsoDate } from "../dates";
import type { ExportFormat } from "./format";

/**
 * Meta daily Page series (docs/import-formats.md §2): UTF-16LE, `sep=,`, the metric name, then `"Date","Primary"`.
 * Only the follows series is read; `Primary` is the day's new follows, not a running total.
 * The metric name line is not checked (it follows the UI language); the caller picks the right file.
 */
export const metaDailyFollows: ExportFormat = {
  id: "meta-daily-follows",
  label: "Meta daily follows",
  kind: "followers",
  signature: [["Date"], ["Primary"]],
  map(c) {
    return {
      kind: "followers",
      line: c.line,
      platform: "facebook",
      date: c.date(["Date"], parseIsoDate).slice(0, 10),
      followers: null,
      newFollowers: c.int(["Primary"]),
      netChange: null,
      metrics: {},
    };
  },
};
