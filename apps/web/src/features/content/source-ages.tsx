import { Button } from "@brandscope/ui/button";
import { formatDate, sentence } from "../modules/format";
import { useReadOnlyReport } from "../modules/read-only";
import type { ContentAnalytics } from "./queries";

type Window = ContentAnalytics["window"];

const DAY_MS = 86_400_000;

/** 'Show the 30 days ending 2 Oct 2025': the period the server offers, ending on the newest data. */
export function newestPeriodLabel(window: Window): string {
  const days = Math.round((Date.parse(window.to) - Date.parse(window.from)) / DAY_MS) + 1;
  return `Show the ${days} ${days === 1 ? "day" : "days"} ending ${formatDate(window.to)}`;
}

/**
 * How old the brand's sources are, where a source's newest data is older than the period's start (named periods
 * end today: docs/decisions.md "Periods"); when every source is, one click to the period that ends on the newest
 * data, applied as a custom range.
 */
export function SourceAges({
  sources,
  newestPeriod,
  onShowNewest,
}: Pick<ContentAnalytics, "sources" | "newestPeriod"> & { onShowNewest: (window: Window) => void }) {
  const behind = sources.flatMap((source) => (source.behind && source.reason ? [source] : []));
  // A shared report keeps the days it was shared for.
  const readOnly = useReadOnlyReport();
  if (behind.length === 0 && !newestPeriod) return null;
  return (
    <section
      aria-label="How old your sources are"
      data-slot="source-ages"
      className="bg-muted/40 flex flex-col gap-3 rounded-lg border p-4 text-sm lg:col-span-2"
    >
      <ul className="flex flex-col gap-1">
        {behind.map((source) => (
          <li key={`${source.source}:${source.platform ?? "website"}`}>{sentence(source.reason ?? "")}</li>
        ))}
      </ul>
      {newestPeriod && !readOnly ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-muted-foreground">Every source is older than this period.</span>
          <Button emphasis="secondary" size="sm" onClick={() => onShowNewest(newestPeriod)}>
            {newestPeriodLabel(newestPeriod)}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
