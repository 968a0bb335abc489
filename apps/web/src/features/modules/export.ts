import { unwrap } from "@brandscope/api-client";
import { api } from "~/lib/api";
import type { PeriodParams } from "./period";
import type { ExportDataset } from "./queries";

/** A file name for an export: the server's (Content-Disposition) when it gives one. */
export function exportFileName(dataset: ExportDataset, period: PeriodParams, disposition?: string | null) {
  const given = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1];
  if (given) {
    try {
      return decodeURIComponent(given);
    } catch {
      return given;
    }
  }
  const window = period.period === "custom" ? `${period.from}_${period.to}` : period.period;
  return `brandscope-${dataset}-${window}.csv`;
}

export const EXPORT_COMPUTING =
  "Your figures are being computed. Export them again in a moment, once they show on the screen.";

/**
 * GET /export/{dataset} as a file. It needs the bearer header, so a plain link cannot fetch it: the client
 * downloads the CSV as a blob and the browser saves it under its file name.
 */
export async function downloadExport(dataset: ExportDataset, period: PeriodParams) {
  let disposition: string | null = null;
  const blob = await unwrap(
    api
      .GET("/export/{dataset}", {
        params: { path: { dataset }, query: period },
        parseAs: "blob",
        headers: { Accept: "text/csv" },
      })
      .then((result) => {
        // 202: the figures are being computed (a file of them would be empty); the export is asked again later.
        if (result.response.status === 202) throw new Error(EXPORT_COMPUTING);
        disposition = result.response.headers.get("Content-Disposition");
        return result;
      }),
  );
  const url = URL.createObjectURL(blob ?? new Blob([], { type: "text/csv" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = exportFileName(dataset, period, disposition);
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the blob to the download; a later tick keeps Safari happy.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
