import { DataTable, type DataTableColumn } from "@brandscope/ui/data-table";
import { EmptyState } from "@brandscope/ui/empty-state";
import { PeriodPicker } from "@brandscope/ui/period-picker";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "~/lib/link";
import { ExportButton } from "../modules/export-button";
import { formatCount, formatDate, formatDecimal, formatShare, formatWhole } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { OWN_SEARCHES_WAYS_IN } from "../modules/own-pools";
import { usePeriod } from "../modules/period";
import { QueryError } from "../modules/query-error";
import { type SearchQuery, type SearchQueryList, searchesOptions } from "./queries";

type SearchSet = NonNullable<SearchQueryList["shown"]>;

const daysOf = (set: SearchSet) => `${formatDate(set.from)} to ${formatDate(set.to)}`;

/** What the list shows, or why it is empty. */
export function searchesDescription(list: SearchQueryList | undefined): string {
  const shown = list?.shown;
  if (!shown) {
    return "The queries your website was shown for in Google Search, with their clicks, impressions, click-through rate and position.";
  }
  const more =
    list.total > list.queries.length
      ? ` The ${list.queries.length} with the most clicks of ${formatCount(list.total)}.`
      : "";
  return `${daysOf(shown)}, from ${shown.sourceName}, by clicks. Impressions count only the searches your website appeared in: they are not search volume.${more}`;
}

/** Search Console's counts are exact: shown whole, as it shows them; unknown as a dash, never 0. */
const whole = (value: number | null) => (value === null ? formatCount(null) : formatWhole(value));

const columns: DataTableColumn<SearchQuery>[] = [
  { id: "query", header: "Query", cell: (row) => row.query, rowHeader: true },
  { id: "clicks", header: "Clicks", cell: (row) => whole(row.clicks), align: "end" },
  { id: "impressions", header: "Impressions", cell: (row) => whole(row.impressions), align: "end" },
  { id: "ctr", header: "CTR", cell: (row) => formatShare(row.ctr), align: "end" },
  {
    id: "position",
    header: "Position",
    cell: (row) => (row.position === null ? formatDecimal(null) : row.position.toFixed(1)),
    align: "end",
  },
];

/**
 * "Your searches": a brand's own queries from Google Search Console (an export or the connector) for the period
 * chosen here, by clicks, as the server picks the stored set that fits the period (docs/decisions.md "Your
 * searches"). Shown for a brand of one's own only: the sample brand has none.
 */
export function YourSearches() {
  const [period, setPeriod] = usePeriod("intent");
  const list = useQuery(searchesOptions(period));
  const stored = list.data?.stored ?? [];
  return (
    <SectionCard
      title="Your searches"
      description={searchesDescription(list.data)}
      actions={<ExportButton dataset="searches" period={period} />}
    >
      <PeriodPicker value={period} onValueChange={setPeriod} label="Your searches period" />
      {list.isError ? (
        <QueryError
          what="your searches"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : null}
      <DataTable
        caption="Your searches"
        hideCaption
        columns={columns}
        rows={list.data?.queries ?? []}
        getRowId={(row) => row.query}
        loading={list.isPending}
        empty={
          list.isError ? (
            <EmptyState className="border-0" title="Your searches could not be loaded" />
          ) : stored.length > 0 ? (
            <EmptyState
              className="border-0"
              title="No searches for this period"
              description={`Your searches cover ${stored.map((s) => `${daysOf(s)} (${s.sourceName})`).join(", ")}: choose a period that includes them, or add newer ones. ${OWN_SEARCHES_WAYS_IN}`}
            />
          ) : (
            <EmptyState
              className="border-0"
              title="No searches of your brand yet"
              description={`Your searches are the queries your website was shown for in Google Search. ${OWN_SEARCHES_WAYS_IN}`}
              action={
                <ButtonLink to="/data-sources" size="sm" emphasis="secondary">
                  Add your searches on Data sources
                </ButtonLink>
              }
            />
          )
        }
      />
    </SectionCard>
  );
}
