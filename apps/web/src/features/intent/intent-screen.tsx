import type { Brand } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { DataTable, type DataTableColumn, type DataTableSort } from "@brandscope/ui/data-table";
import { EmptyState } from "@brandscope/ui/empty-state";
import { TextField } from "@brandscope/ui/text-field";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { countriesOptions, industriesOptions } from "~/features/reference/queries";
import { ButtonLink } from "~/lib/link";
import { BrandGate } from "../modules/brand-gate";
import { KeywordBubbleChart } from "../modules/charts";
import { ExportButton } from "../modules/export-button";
import { FilterSelect } from "../modules/filters";
import { formatChange, formatCount, formatCpc, formatDecimal, formatShare } from "../modules/format";
import { ModulePage, SectionCard } from "../modules/module-page";
import { OWN_KEYWORD_WAYS_IN } from "../modules/own-pools";
import { DEFAULT_PERIOD } from "../modules/period";
import { ProvenanceLine } from "../modules/provenance-line";
import { QueryError } from "../modules/query-error";
import { useStoredValue } from "../modules/stored-area";
import { windowOfPeriod } from "../shared-reports/queries";
import { ShareReportButton } from "../shared-reports/share-report-button";
import {
  formatVolumeRange,
  intentOptions,
  type Keyword,
  toKeywordBubbles,
  trendChange,
  useKeywordSearch,
  volumeSortValue,
} from "./queries";
import { YourSearches } from "./your-searches";

const readCode = (stored: unknown) => (typeof stored === "string" && stored ? stored : undefined);

type SortKey = "keyword" | "volume" | "cpc" | "competition";

/** Sorted rows for the table; a missing figure sorts last whichever the direction. */
export function sortKeywords(rows: readonly Keyword[], sort: DataTableSort): Keyword[] {
  const key = sort.columnId as SortKey;
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (key === "keyword") return sign * a.keyword.localeCompare(b.keyword);
    // A ranged volume sorts by its lower bound, as the API orders it.
    const left = key === "volume" ? volumeSortValue(a) : a[key];
    const right = key === "volume" ? volumeSortValue(b) : b[key];
    if (left === null && right === null) return a.keyword.localeCompare(b.keyword);
    if (left === null) return 1;
    if (right === null) return -1;
    return sign * (left - right) || a.keyword.localeCompare(b.keyword);
  });
}

export function IntentScreen() {
  return <BrandGate title="Intent">{(brand) => <IntentModule brand={brand} />}</BrandGate>;
}

function IntentModule({ brand }: { brand: Brand }) {
  const [country, setCountry] = useStoredValue("intent", "country", readCode, undefined);
  const [industry, setIndustry] = useStoredValue("intent", "industry", readCode, undefined);
  const [text, setText] = useState("");
  const [sort, setSort] = useState<DataTableSort>({ columnId: "volume", direction: "descending" });
  const countries = useQuery(countriesOptions());
  const industries = useQuery(industriesOptions());
  const list = useQuery(intentOptions({ country, industry }));
  const search = useKeywordSearch(text, country);

  const keywords = search.active ? search.keywords : (list.data?.keywordData ?? []);
  const loading = search.active ? search.loading : list.isPending;
  const provenance = search.active ? search.provenance : list.data?.provenance;
  const rows = sortKeywords(keywords, sort);
  const bubbles = toKeywordBubbles(keywords);
  const failed = search.active ? search.error : list.isError ? list.error : null;

  return (
    <ModulePage
      title="Intent"
      description="The keywords people search for around your brand, and what they cost."
      brand={brand}
      provenance={provenance ? <ProvenanceLine provenance={provenance} /> : null}
      // The keywords have no period: the link keeps the 30 days it was shared on, as the page says.
      actions={<ShareReportButton module="intent" window={windowOfPeriod(DEFAULT_PERIOD)} />}
    >
      <search className="flex flex-wrap items-end gap-4" aria-label="Keywords">
        <TextField
          label="Search keywords"
          type="search"
          size="sm"
          className="w-72"
          maxLength={100}
          value={text}
          placeholder="e.g. oat milk latte"
          onChange={(event) => setText(event.target.value)}
          aria-busy={search.loading || undefined}
        />
        <FilterSelect
          label="Country"
          value={country}
          onChange={setCountry}
          allLabel="Your brand's country"
          options={countries.data ?? []}
        />
        <FilterSelect
          label="Industry"
          value={industry}
          onChange={setIndustry}
          allLabel="Your brand's industry"
          options={industries.data ?? []}
        />
        {search.active ? (
          <p className="text-muted-foreground pb-2 text-sm" role="status">
            {search.loading ? "Searching…" : `${search.keywords.length} matching keywords`}
          </p>
        ) : null}
      </search>
      {failed ? (
        <QueryError
          what={search.active ? "matching keywords" : "your keywords"}
          error={failed}
          onRetry={() => (search.active ? search.retry() : void list.refetch())}
          retrying={search.active ? search.loading : list.isFetching}
        />
      ) : null}
      <SectionCard
        title="Cost per click"
        description="Cost per click against monthly searches; the bigger the bubble, the more advertisers compete for it (paid competition)."
        loading={loading}
        skeletonHeight={360}
        actions={<ExportButton dataset="keywords" period={DEFAULT_PERIOD} />}
      >
        <KeywordBubbleChart
          data={bubbles.points}
          ariaLabel="Keywords by cost per click and monthly searches"
          xLabel={
            bubbles.currency ? `Cost per click (${bubbles.currency})` : "Cost per click (mixed currencies)"
          }
          yLabel="Monthly searches"
          radiusLabel="Paid competition"
          formatX={(value) => (bubbles.currency ? formatCpc(value, bubbles.currency) : formatDecimal(value))}
          formatY={formatCount}
          emptyMessage={failed ? "No keywords to show" : "No keywords with cost per click yet"}
        />
        {bubbles.left > 0 ? (
          <p className="text-muted-foreground text-xs">
            {bubbles.left} {bubbles.left === 1 ? "keyword lacks" : "keywords lack"} a cost per click, volume
            or competition figure and {bubbles.left === 1 ? "is" : "are"} in the table only.
          </p>
        ) : null}
      </SectionCard>
      <SectionCard title="Keywords" actions={<ExportButton dataset="keywords" period={DEFAULT_PERIOD} />}>
        <DataTable
          caption="Keywords"
          hideCaption
          columns={columns}
          rows={rows}
          getRowId={(row) => `${row.keyword}|${row.country ?? ""}`}
          sort={sort}
          onSortChange={setSort}
          loading={loading}
          empty={
            search.active ? (
              <EmptyState
                className="border-0"
                title="No matching keywords"
                description="Try a shorter or different search."
                action={
                  <Button size="sm" emphasis="secondary" onClick={() => setText("")}>
                    Clear the search
                  </Button>
                }
              />
            ) : brand.sample ? (
              <EmptyState
                className="border-0"
                title="No keywords yet"
                description="The sample brand has no keywords for this industry and country."
              />
            ) : industry || country ? (
              <EmptyState
                className="border-0"
                title="No keywords match"
                description="Your keywords are your own brand's, of its industry: another industry or country has none of them."
                action={
                  <Button
                    size="sm"
                    emphasis="secondary"
                    onClick={() => {
                      setIndustry(undefined);
                      setCountry(undefined);
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                className="border-0"
                title="No keywords of your brand yet"
                description={`Intent lists your brand's own keywords only. ${OWN_KEYWORD_WAYS_IN}`}
                action={
                  <ButtonLink to="/data-sources" size="sm" emphasis="secondary">
                    Add keywords on Data sources
                  </ButtonLink>
                }
              />
            )
          }
        />
      </SectionCard>
      {brand.sample ? null : <YourSearches />}
    </ModulePage>
  );
}

const columns: DataTableColumn<Keyword>[] = [
  { id: "keyword", header: "Keyword", cell: (row) => row.keyword, rowHeader: true, sortable: true },
  {
    id: "volume",
    header: "Monthly searches",
    cell: (row) =>
      row.volume === null && row.volumeRange ? formatVolumeRange(row.volumeRange) : formatCount(row.volume),
    align: "end",
    sortable: true,
  },
  {
    id: "cpc",
    header: "Cost per click",
    cell: (row) => formatCpc(row.cpc, row.currency),
    align: "end",
    sortable: true,
  },
  {
    id: "competition",
    header: "Paid competition",
    cell: (row) => formatShare(row.competition),
    align: "end",
    sortable: true,
  },
  {
    id: "trend",
    header: "Trend",
    align: "end",
    cell: (row) => {
      const change = trendChange(row.trend);
      if (change === null) return <span className="text-muted-foreground">Not enough history</span>;
      const word = change > 0 ? "Up" : change < 0 ? "Down" : "No change";
      return change === 0 ? word : `${word} ${formatChange(change)}`;
    },
  },
];
