import { Button } from "@brandscope/ui/button";
import { useMutation } from "@tanstack/react-query";
import { notify } from "~/lib/notify";
import { problemText } from "~/lib/problem";
import { downloadExport } from "./export";
import type { PeriodParams } from "./period";
import type { ExportDataset } from "./queries";
import { useReadOnlyReport } from "./read-only";

const datasetWords: Record<ExportDataset, string> = {
  posts: "posts",
  keywords: "keywords",
  searches: "your searches",
  personas: "personas",
  influencers: "influencers",
  "competitor-metrics": "competitor metrics",
  "traffic-by-country": "traffic by country",
};

/** 'Export CSV' on a list or chart card: downloads the dataset for the period (GET /export/{dataset}). */
export function ExportButton({
  dataset,
  period,
  label = "Export CSV",
}: {
  dataset: ExportDataset;
  period: PeriodParams;
  label?: string;
}) {
  const download = useMutation({
    mutationFn: () => downloadExport(dataset, period),
    onError: (error) =>
      notify.error(problemText(error), { id: `export-${dataset}`, title: "The export did not download" }),
  });
  if (useReadOnlyReport()) return null;
  return (
    <Button
      size="sm"
      emphasis="ghost"
      loading={download.isPending}
      onClick={() => download.mutate()}
      aria-label={`${label}: ${datasetWords[dataset]}`}
    >
      {label}
    </Button>
  );
}
