import type { ExportFormat } from "./format";

/**
 * LinkedIn `New followers` sheet, of the .xls workbook or saved as CSV (docs/import-formats.md §5). `Total
 * followers` is the day's NEW followers (organic + sponsored + auto-invited), not the page total: the export has no
 * running total and no unfollows.
 */
export const linkedinFollowers: ExportFormat = {
  id: "linkedin-followers",
  label: "LinkedIn new followers",
  kind: "followers",
  signature: [["Date"], ["Organic followers"], ["Total followers"]],
  map(c) {
    return {
      kind: "followers",
      line: c.line,
      platform: "linkedin",
      date: c.date(["Date"]),
      followers: null,
      newFollowers: c.int(["Total followers"]),
      netChange: null,
      metrics: {
        sponsored: c.int(["Sponsored followers"]),
        organic: c.int(["Organic followers"]),
        autoInvited: c.int(["Auto-invited followers"]),
      },
    };
  },
};
