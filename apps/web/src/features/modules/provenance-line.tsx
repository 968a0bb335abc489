import type { components } from "@brandscope/api-client";
import { ProvenanceNote } from "@brandscope/ui/provenance-note";
import { exportName } from "./export-names";

type Provenance = components["schemas"]["Provenance"];

const sourceWords: Record<Provenance["source"], string> = {
  sample: "Sample data",
  website: "Website",
  csv_import: "CSV import",
  provider: "Data provider",
};

/**
 * The source's name for people: the provider or the exports when there are some ('meta-facebook-posts,
 * instagram-posts' → 'Meta Facebook posts, Meta Instagram posts (CSV import)'; 'ga4-audience' → 'Google Analytics 4 audience
 * (CSV import)').
 */
export function sourceLabel(provenance: Provenance): string {
  const names = (provenance.sourceName ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map(exportName);
  if (names.length === 0) return sourceWords[provenance.source];
  const pretty = names.join(", ");
  return provenance.source === "csv_import" ? `${pretty} (CSV import)` : pretty;
}

export const RECOMPUTING_TEXT = "Updating with your newest data: the new figures show here once ready.";

/**
 * 'Sample data as of <day>', or '<source> · updated <time> ago', from a response's provenance; stale figures add
 * ' · data from <date> · stale' (the server judges staleness against its clock when it answers). The sample's
 * periods end on its data set's own day (docs/decisions.md "Periods"), so its figures are as of that day, not
 * stale.
 */
export function ProvenanceLine({ provenance, className }: { provenance: Provenance; className?: string }) {
  const sample = provenance.source === "sample";
  const note = (
    <ProvenanceNote
      className={className}
      sample={sample}
      sampleAsOf={sample ? provenance.dataAsOf : null}
      source={sourceLabel(provenance)}
      updatedAt={provenance.computedAt}
      stale={provenance.stale && !(sample && provenance.dataAsOf)}
      dataAsOf={provenance.dataAsOf}
    />
  );
  if (!provenance.recomputing) return note;
  // Stored figures answered while their recompute is queued: the screen looks again until the new ones are in.
  return (
    <div className="flex flex-col gap-0.5">
      {note}
      <p data-slot="provenance-recomputing" className="text-muted-foreground text-xs">
        {RECOMPUTING_TEXT}
      </p>
    </div>
  );
}
