import type { Brand } from "@brandscope/api-client";
import { NETWORK_LABELS, NETWORKS } from "@brandscope/charts/networks";
import { Button } from "@brandscope/ui/button";
import { DataTable, type DataTableColumn } from "@brandscope/ui/data-table";
import { EmptyState } from "@brandscope/ui/empty-state";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { countriesOptions } from "~/features/reference/queries";
import { ButtonLink } from "~/lib/link";
import { BrandGate } from "../modules/brand-gate";
import { ExportButton } from "../modules/export-button";
import { FilterSelect, MarketFilters, SearchField } from "../modules/filters";
import { formatCount, formatRate, formatShare } from "../modules/format";
import { ModulePage, SectionCard } from "../modules/module-page";
import { CREATOR_ORIGIN_LABELS, NO_OWN_CREATORS, OWN_CREATORS_METHOD } from "../modules/own-pools";
import { DEFAULT_PERIOD } from "../modules/period";
import { QueryError } from "../modules/query-error";
import { useStoredValue } from "../modules/stored-area";
import { UpgradePrompt } from "../modules/upgrade-prompt";
import { windowOfPeriod } from "../shared-reports/queries";
import { ShareReportButton } from "../shared-reports/share-report-button";
import {
  type InfluencerFilters,
  type InfluencerSummary,
  influencerCountText,
  influencerListOptions,
  influencersHeldBack,
  listPageCount,
  rankOf,
  type SocialNetwork,
} from "./queries";

function readFilters(stored: unknown): InfluencerFilters | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const record = stored as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const platform = text(record.platform);
  return {
    platform: NETWORKS.includes(platform as SocialNetwork) ? (platform as SocialNetwork) : undefined,
    country: text(record.country),
    industry: text(record.industry),
    search: text(record.search),
  };
}

const platformOptions = NETWORKS.map((network) => ({ value: network, label: NETWORK_LABELS[network] }));

export function InfluencerScreen() {
  return <BrandGate title="Influencers">{(brand) => <InfluencerModule brand={brand} />}</BrandGate>;
}

function InfluencerModule({ brand }: { brand: Brand }) {
  const [filters, setFilters] = useStoredValue("influencer", "filters", readFilters, {});
  const [page, setPage] = useState(1);
  const countries = useQuery(countriesOptions());
  const list = useQuery(influencerListOptions(filters, page));
  const update = (patch: Partial<InfluencerFilters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const pages = listPageCount(list.data);
  const filtered = Boolean(filters.platform || filters.country || filters.industry || filters.search);

  return (
    <ModulePage
      title="Influencers"
      description={
        brand.sample
          ? "Influencers ranked by how well they fit your brand and its audience."
          : "Real creators for your brand: from your creator lists, the posts that mention them and YouTube search."
      }
      brand={brand}
      // The list has no period: the link keeps the 30 days it was shared on, as the page says.
      actions={<ShareReportButton module="influencers" window={windowOfPeriod(DEFAULT_PERIOD)} />}
    >
      <search className="flex flex-wrap items-end gap-4" aria-label="Influencers">
        <SearchField
          label="Search influencers"
          value={filters.search ?? ""}
          onSearch={(search) => update({ search: search || undefined })}
          placeholder="Name, handle or topic"
        />
        <FilterSelect
          label="Platform"
          value={filters.platform}
          onChange={(platform) => update({ platform: platform as SocialNetwork | undefined })}
          allLabel="All platforms"
          options={platformOptions}
          className="w-40"
        />
        <MarketFilters value={filters} onChange={update} />
      </search>
      {list.data && influencersHeldBack(list.data) ? (
        <UpgradePrompt message="See all influencers with Professional" />
      ) : null}
      {list.isError ? (
        <QueryError
          what="your influencers"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <SectionCard
          title="Ranked influencers"
          description={list.data ? `${influencerCountText(list.data)}, best fit first` : "Best fit first"}
          actions={<ExportButton dataset="influencers" period={DEFAULT_PERIOD} />}
        >
          {brand.sample ? null : <p className="text-muted-foreground text-sm">{OWN_CREATORS_METHOD}</p>}
          <DataTable
            caption="Ranked influencers"
            hideCaption
            columns={(brand.sample ? columns : ownColumns)(
              page,
              (code) => countries.data?.find((option) => option.value === code)?.label,
            )}
            rows={list.data?.results ?? []}
            getRowId={(row) => row.id}
            loading={list.isPending}
            empty={
              !filtered && !brand.sample ? (
                <EmptyState
                  className="border-0"
                  title="No creators for your brand yet"
                  description={NO_OWN_CREATORS}
                  action={
                    <ButtonLink to="/data-sources" size="sm" emphasis="secondary">
                      Import a creator list on Data sources
                    </ButtonLink>
                  }
                />
              ) : (
                <EmptyState
                  className="border-0"
                  title="No influencers match"
                  description={
                    filtered
                      ? "Try other filters, or clear them."
                      : "Influencers appear once profiles are collected."
                  }
                  action={
                    filtered ? (
                      <Button
                        size="sm"
                        emphasis="secondary"
                        onClick={() => {
                          setFilters({});
                          setPage(1);
                        }}
                      >
                        Clear filters
                      </Button>
                    ) : null
                  }
                />
              )
            }
          />
          {pages > 1 ? (
            <nav aria-label="Pages of influencers" className="flex items-center justify-end gap-3 text-sm">
              <Button
                size="sm"
                emphasis="secondary"
                disabled={page <= 1 || list.isFetching}
                onClick={() => setPage(page - 1)}
              >
                Previous page
              </Button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <Button
                size="sm"
                emphasis="secondary"
                disabled={page >= pages || list.isFetching}
                onClick={() => setPage(page + 1)}
              >
                Next page
              </Button>
            </nav>
          ) : null}
        </SectionCard>
      )}
    </ModulePage>
  );
}

type CountryLabel = (code?: string | null) => string | undefined;

/** The columns every list shares: rank, who, where, how many follow and how engaged. */
function commonColumns(page: number, countryLabel: CountryLabel): DataTableColumn<InfluencerSummary>[] {
  return [
    {
      id: "rank",
      header: "Rank",
      cell: (_row, index) => rankOf(page, index),
      align: "end",
      className: "w-16",
    },
    {
      id: "name",
      header: "Influencer",
      rowHeader: true,
      cell: (row) => (
        <span className="flex items-center gap-3">
          {row.avatar ? (
            <img src={row.avatar} alt="" className="size-8 rounded-full object-cover" loading="lazy" />
          ) : null}
          <span className="flex flex-col">
            <Link
              to="/influencer/$id/details"
              params={{ id: row.id }}
              className="text-foreground font-medium underline-offset-4 hover:underline"
            >
              {row.name}
            </Link>
            <span className="text-muted-foreground text-xs">{row.handle}</span>
          </span>
        </span>
      ),
    },
    { id: "platform", header: "Platform", cell: (row) => NETWORK_LABELS[row.platform] },
    { id: "country", header: "Country", cell: (row) => countryLabel(row.country) ?? row.country ?? "—" },
    { id: "followers", header: "Followers", align: "end", cell: (row) => formatCount(row.followers) },
    { id: "er", header: "Engagement rate", align: "end", cell: (row) => formatRate(row.engagementRate) },
  ];
}

/** The sample data set's profiles, whose audiences are known. */
function columns(page: number, countryLabel: CountryLabel): DataTableColumn<InfluencerSummary>[] {
  return [
    ...commonColumns(page, countryLabel),
    { id: "fit", header: "Audience fit", align: "end", cell: (row) => formatShare(row.audienceFit) },
    {
      id: "authenticity",
      header: "Authenticity",
      align: "end",
      cell: (row) => formatShare(row.authenticity),
    },
  ];
}

/** An own brand's real creators: their audience is not known, so fit says so; topic match and source instead. */
function ownColumns(page: number, countryLabel: CountryLabel): DataTableColumn<InfluencerSummary>[] {
  return [
    ...commonColumns(page, countryLabel),
    { id: "topic", header: "Topic match", align: "end", cell: (row) => formatShare(row.topicMatch) },
    { id: "fit", header: "Audience fit", align: "end", cell: () => "Unknown" },
    {
      id: "origin",
      header: "Source",
      cell: (row) => (row.origin ? CREATOR_ORIGIN_LABELS[row.origin] : "—"),
    },
  ];
}
