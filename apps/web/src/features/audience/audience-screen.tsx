import type { Brand } from "@brandscope/api-client";
import { NETWORK_LABELS } from "@brandscope/charts/networks";
import { Badge } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { DataTable, type DataTableColumn } from "@brandscope/ui/data-table";
import { EmptyState } from "@brandscope/ui/empty-state";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { countriesOptions } from "~/features/reference/queries";
import { meOptions } from "~/features/user/queries";
import { ButtonLink } from "~/lib/link";
import { BrandGate } from "../modules/brand-gate";
import { ExportButton } from "../modules/export-button";
import { MarketFilters, SearchField } from "../modules/filters";
import { formatCount, formatRate, formatShare } from "../modules/format";
import { ModulePage, SectionCard } from "../modules/module-page";
import { usePeriod } from "../modules/period";
import { ProvenanceLine } from "../modules/provenance-line";
import { QueryError } from "../modules/query-error";
import { useStoredValue } from "../modules/stored-area";
import { UpgradePrompt } from "../modules/upgrade-prompt";
import { windowOfPeriod } from "../shared-reports/queries";
import { ShareReportButton } from "../shared-reports/share-report-button";
import {
  type AudienceFilters,
  type MergedPersonas,
  type PersonaSummary,
  personaCountText,
  personaListOptions,
  personasHeldBack,
  withDefaultFilters,
} from "./queries";

function readFilters(stored: unknown): AudienceFilters | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const record = stored as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return { country: text(record.country), industry: text(record.industry), search: text(record.search) };
}

const genderWords = { female: "Women", male: "Men", mixed: "Mixed" } as const;

/**
 * Why the own brand has no personas, and what to do: import its website's audience from Google Analytics 4, or,
 * when its audience is too small (the server's "needs 5 audience segments with interests, has 3"), a larger one.
 */
export function noPersonasText(state: MergedPersonas["state"]): string {
  const has = state?.status === "insufficient_history" ? state.n : undefined;
  if (has !== undefined) {
    return `Personas need at least 5 audience segments (age, gender and country groups with interests); your audience import has ${has}. Export the Google Analytics 4 exploration over a longer period or with more countries, then import it again on Data sources.`;
  }
  return "Personas are built from your website visitors' age, gender, country and interests. In Google Analytics 4, export a free-form exploration with Age, Gender, Country, Interests and Active users as CSV, then import it on Data sources (help explains how).";
}

export function AudienceScreen() {
  return <BrandGate title="Audience">{(brand) => <AudienceModule brand={brand} />}</BrandGate>;
}

function AudienceModule({ brand }: { brand: Brand }) {
  const [period, setPeriod] = usePeriod("audience");
  const [filters, setFilters] = useStoredValue("audience", "filters", readFilters, {});
  const countries = useQuery(countriesOptions());
  const me = useQuery(meOptions());
  const personas = useInfiniteQuery({
    ...personaListOptions(filters, period),
    placeholderData: keepPreviousData,
  });
  const update = (patch: Partial<AudienceFilters>) => setFilters({ ...filters, ...patch });

  const defaults = me.data
    ? withDefaultFilters(filters, {
        defaultCountry: me.data.defaultCountry,
        defaultIndustry: me.data.defaultIndustry,
      })
    : undefined;
  const defaultsWouldChange =
    defaults !== undefined &&
    (defaults.country !== filters.country || defaults.industry !== filters.industry);
  const countryLabel = (code?: string | null) =>
    countries.data?.find((option) => option.value === code)?.label;
  const columns = personaColumns(countryLabel);

  return (
    <ModulePage
      title="Audience"
      description="The personas who follow your brand and your market."
      brand={brand}
      period={period}
      onPeriodChange={setPeriod}
      provenance={personas.data?.provenance ? <ProvenanceLine provenance={personas.data.provenance} /> : null}
      actions={<ShareReportButton module="audience" window={windowOfPeriod(period)} />}
    >
      <search className="flex flex-wrap items-end gap-4" aria-label="Personas">
        <SearchField
          label="Search personas"
          value={filters.search ?? ""}
          onSearch={(search) => update({ search: search || undefined })}
          placeholder="Name or interest"
        />
        <MarketFilters value={filters} onChange={update} />
        {defaultsWouldChange && defaults ? (
          <Button size="sm" emphasis="secondary" className="mb-0.5" onClick={() => setFilters(defaults)}>
            Use my defaults
          </Button>
        ) : null}
      </search>
      {personas.data && personasHeldBack(personas.data) ? (
        <UpgradePrompt message="See all personas with Professional" />
      ) : null}
      {personas.isError && !personas.data ? (
        <QueryError
          what="your personas"
          error={personas.error}
          onRetry={() => void personas.refetch()}
          retrying={personas.isFetching}
        />
      ) : (
        <SectionCard
          title="Personas"
          description={personas.data ? personaCountText(personas.data) : "Groups of people in your audience"}
          actions={<ExportButton dataset="personas" period={period} />}
        >
          <DataTable
            caption="Personas"
            hideCaption
            columns={columns}
            rows={personas.data?.results ?? []}
            getRowId={(row) => row.id}
            loading={personas.isPending}
            empty={
              filters.country || filters.industry || filters.search ? (
                <EmptyState
                  className="border-0"
                  title="No personas match"
                  description="Try other filters, or clear them."
                  action={
                    <Button size="sm" emphasis="secondary" onClick={() => setFilters({})}>
                      Clear filters
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  className="border-0"
                  title="No personas yet"
                  description={noPersonasText(personas.data?.state)}
                  action={
                    brand.sample ? null : (
                      <ButtonLink to="/data-sources" size="sm" emphasis="secondary">
                        Import on Data sources
                      </ButtonLink>
                    )
                  }
                />
              )
            }
          />
          {personas.isFetchNextPageError ? (
            <p role="alert" className="text-destructive-strong text-sm">
              The next personas did not load. Try again.
            </p>
          ) : null}
          {personas.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                emphasis="secondary"
                loading={personas.isFetchingNextPage}
                onClick={() => void personas.fetchNextPage()}
              >
                Show more personas
              </Button>
            </div>
          ) : null}
        </SectionCard>
      )}
    </ModulePage>
  );
}

function personaColumns(
  countryLabel: (code?: string | null) => string | undefined,
): DataTableColumn<PersonaSummary>[] {
  return [
    {
      id: "name",
      header: "Persona",
      rowHeader: true,
      cell: (row) => (
        <Link
          to="/audience/$id/details"
          params={{ id: row.id }}
          className="text-foreground font-medium underline-offset-4 hover:underline"
        >
          {row.name}
        </Link>
      ),
    },
    {
      id: "who",
      header: "Who",
      cell: (row) => `${genderWords[row.gender]}, ${row.ageMin}–${row.ageMax}`,
    },
    {
      id: "interests",
      header: "Interests",
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.interests.slice(0, 3).map((interest) => (
            <Badge key={interest} tone="neutral" size="sm">
              {interest}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: "platforms",
      header: "Platforms",
      cell: (row) => row.platforms.map((platform) => NETWORK_LABELS[platform]).join(", ") || "—",
    },
    { id: "country", header: "Country", cell: (row) => countryLabel(row.country) ?? row.country ?? "—" },
    { id: "size", header: "People", align: "end", cell: (row) => formatCount(row.size) },
    { id: "share", header: "Share of audience", align: "end", cell: (row) => formatShare(row.share) },
    { id: "er", header: "Engagement rate", align: "end", cell: (row) => formatRate(row.engagementRate) },
  ];
}
