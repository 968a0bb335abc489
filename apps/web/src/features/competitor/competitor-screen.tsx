import type { Brand } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { EmptyState } from "@brandscope/ui/empty-state";
import { FigureDelta } from "@brandscope/ui/figure-delta";
import { SelectField } from "@brandscope/ui/select";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { useContext, useState } from "react";
import { ButtonLink } from "~/lib/link";
import { BrandGate } from "../modules/brand-gate";
import { ChoroplethChart, PlatformBarChart } from "../modules/charts";
import { isBeingComputed, pollWhileRecomputing } from "../modules/computing";
import { ExportButton } from "../modules/export-button";
import { type Figure, hasValue, missingText } from "../modules/figure-card";
import { FiguresComputing } from "../modules/figures-computing";
import {
  formatChange,
  formatCount,
  formatDate,
  formatDecimal,
  formatDuration,
  sentence,
} from "../modules/format";
import { ModulePage, SectionCard, TakesImports } from "../modules/module-page";
import { comparisonText, type PeriodParams, usePeriod } from "../modules/period";
import { ProvenanceLine } from "../modules/provenance-line";
import { QueryError } from "../modules/query-error";
import { useReadOnlyReport } from "../modules/read-only";
import { useStoredValue } from "../modules/stored-area";
import { ShareReportButton } from "../shared-reports/share-report-button";
import { useManagesWorkspace } from "../team/admin-only";
import { BreakoutPostsSection } from "./breakout-posts";
import { useRefreshCompetitorMutation } from "./mutations";
import {
  type CompetitorAnalytics,
  type CompetitorEntry,
  competitorOptions,
  type MetricName,
  metricLabels,
  metricOrder,
  platformComparison,
  roundedAudienceNote,
  selectCompetitor,
} from "./queries";
import { ShareOfVoiceSection } from "./share-of-voice";

/** How often, and for how long, the figures are looked at again while a recompute runs. */
const RECOMPUTE_POLL_MS = 3_000;
const RECOMPUTE_WAIT_MS = 2 * 60_000;

const readId = (stored: unknown) => (typeof stored === "string" && stored ? stored : undefined);

export type CompetitorScreenProps = {
  /** The competitor asked for in the URL (`?competitor=`), if any. */
  requestedId?: string;
  /** Puts the choice in the URL. */
  onSelect?: (id: string) => void;
};

export function CompetitorScreen(props: CompetitorScreenProps) {
  return (
    <BrandGate title="Competitors">{(brand) => <CompetitorModule brand={brand} {...props} />}</BrandGate>
  );
}

const whileRecomputing = pollWhileRecomputing((data: CompetitorAnalytics) => data.common.provenance);

function CompetitorModule({ brand, requestedId, onSelect }: CompetitorScreenProps & { brand: Brand }) {
  const [period, setPeriod] = usePeriod("competitor");
  // The URL's choice wins; otherwise the one chosen last time (the `competitor` area).
  const [storedId, setStoredId] = useStoredValue("competitor", "selectedId", readId, undefined);
  // While a recompute runs, the figures it will replace are looked at again now and then, for a while.
  const [awaiting, setAwaiting] = useState<{ computedAt: string; until: number }>();
  const replaced = (data: CompetitorAnalytics | undefined) =>
    awaiting !== undefined &&
    data?.common.provenance.computedAt === awaiting.computedAt &&
    Date.now() < awaiting.until;
  const analytics = useQuery({
    ...competitorOptions(period),
    refetchInterval: (query) => (replaced(query.state.data) ? RECOMPUTE_POLL_MS : whileRecomputing(query)),
  });
  const refresh = useRefreshCompetitorMutation(period, (computedAt) =>
    setAwaiting({ computedAt, until: Date.now() + RECOMPUTE_WAIT_MS }),
  );
  const data = analytics.isError ? undefined : analytics.data;
  const refreshing = refresh.isPending || replaced(data);
  const managesWorkspace = useManagesWorkspace();
  const selected = data ? selectCompetitor(data.competitors, requestedId ?? storedId) : undefined;

  const choose = (id: string) => {
    setStoredId(id);
    onSelect?.(id);
  };

  return (
    <ModulePage
      title="Competitors"
      description="How your brand compares with the competitors you follow."
      brand={brand}
      period={period}
      onPeriodChange={setPeriod}
      provenance={data ? <ProvenanceLine provenance={data.common.provenance} /> : null}
      actions={
        <>
          <ShareReportButton module="competitors" window={data?.common.window} />
          {/* A refresh is an admin's (the server refuses a member): a member is not offered it. */}
          {managesWorkspace ? (
            <Button
              emphasis="secondary"
              size="sm"
              onClick={() => refresh.mutate()}
              loading={refreshing}
              disabled={analytics.isPending}
            >
              Refresh
            </Button>
          ) : null}
        </>
      }
    >
      {analytics.isError ? (
        <QueryError
          what="the comparison with your competitors"
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : !data && isBeingComputed(analytics.failureReason) ? (
        <FiguresComputing />
      ) : !data ? (
        <div role="status" aria-label="Loading the comparison" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-9 w-64 lg:col-span-2" />
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      ) : (
        <CompetitorSections data={data} selected={selected} onChoose={choose} period={period} />
      )}
    </ModulePage>
  );
}

export function CompetitorSections({
  data,
  selected,
  onChoose,
  period,
}: {
  data: CompetitorAnalytics;
  selected: CompetitorEntry | undefined;
  onChoose: (id: string) => void;
  period: PeriodParams;
}) {
  const brand = data.common.brand;
  const readOnly = useReadOnlyReport();
  if (!selected) {
    return (
      <EmptyState
        title="No competitors yet"
        description="Add the competitors you want to follow to compare your brand with them."
        action={readOnly ? undefined : <ButtonLink to="/questionnaire">Add competitors</ButtonLink>}
      />
    );
  }
  const metrics = [
    { id: "brand", label: brand.name },
    { id: "competitor", label: selected.name },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-2 lg:col-span-2">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <SelectField
            label="Competitor"
            className="w-72"
            value={selected.id}
            onValueChange={onChoose}
            options={data.competitors.map((entry) => ({ value: entry.id, label: entry.name }))}
          />
          <p data-slot="comparison-window" className="text-muted-foreground text-sm">
            Every company over the same days: {formatDate(data.common.window.from)} to{" "}
            {formatDate(data.common.window.to)}
          </p>
        </div>
        <MissingData data={data} companies={[brand, selected]} />
      </div>
      <SectionCard
        title="Audience by platform"
        description={[`Followers: ${brand.name} and ${selected.name}`, roundedAudienceNote(brand, selected)]
          .filter(Boolean)
          .join(". ")}
      >
        <PlatformBarChart
          data={platformComparison(brand, selected, "audience")}
          metrics={metrics}
          legend
          ariaLabel={`Audience by platform, ${brand.name} and ${selected.name}`}
          emptyMessage="No follower figures yet"
        />
      </SectionCard>
      <SectionCard title="Engagement by platform" description="Engagements in the period">
        <PlatformBarChart
          data={platformComparison(brand, selected, "engagement")}
          metrics={metrics}
          legend
          ariaLabel={`Engagement by platform, ${brand.name} and ${selected.name}`}
          emptyMessage="No engagement figures yet"
        />
      </SectionCard>
      <SectionCard
        title="Website metrics"
        description="Traffic from the latest complete month, against the month before; articles per week over the period, from each website's feed or sitemap"
        className="lg:col-span-2"
        actions={<ExportButton dataset="competitor-metrics" period={period} />}
      >
        <MetricTable brand={brand} competitor={selected} periodComparison={comparisonText(period)} />
      </SectionCard>
      <ShareOfVoiceSection data={data} />
      <BreakoutPostsSection data={data} />
      {[brand, selected].map((entry) => (
        <SectionCard
          key={entry.id}
          title={`Traffic by country: ${entry.name}`}
          description={
            entry.trafficMeasure === "engagedSessions"
              ? "Share of engaged sessions (the GA4 export has no Sessions)"
              : "Share of website visits"
          }
          actions={
            entry === brand ? <ExportButton dataset="traffic-by-country" period={period} /> : undefined
          }
        >
          <ChoroplethChart
            data={entry.trafficByCountry}
            shareLabel={
              entry.trafficMeasure === "engagedSessions" ? "Share of engaged sessions" : "Share of visits"
            }
            ariaLabel={`Traffic by country, ${entry.name}`}
            emptyMessage="No traffic figures yet"
          />
        </SectionCard>
      ))}
    </div>
  );
}

/**
 * Why the brand or the chosen competitor has no figures, or only part of them, in the comparison's window, and
 * which of their sources is older than the period (the server's sentences, with what to do), above the charts that
 * would otherwise show them as missing bars.
 */
export function missingDataNotes(
  data: CompetitorAnalytics,
  companies: CompetitorEntry[],
): { key: string; text: string }[] {
  const leftOut = data.shareOfVoice.leftOut
    .filter((left) => companies.some((c) => c.id === left.companyId))
    .map((left) => ({ key: left.companyId, text: sentence(left.reason) }));
  const behind = companies.flatMap((company) =>
    company.sources.flatMap((source) =>
      source.behind && source.reason
        ? [{ key: `${company.id}:${source.label}`, text: `${company.name}: ${sentence(source.reason)}` }]
        : [],
    ),
  );
  return [...leftOut, ...behind];
}

function MissingData({ data, companies }: { data: CompetitorAnalytics; companies: CompetitorEntry[] }) {
  const takesImports = useContext(TakesImports);
  const notes = missingDataNotes(data, companies);
  if (notes.length === 0) return null;
  return (
    <div
      role="note"
      aria-label="Missing data in this window"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-3 py-2"
    >
      <ul className="text-muted-foreground flex flex-col gap-1 text-sm">
        {notes.map((note) => (
          <li key={note.key}>{note.text}</li>
        ))}
      </ul>
      {takesImports ? (
        <ButtonLink to="/data-sources" emphasis="secondary" size="sm">
          Data sources
        </ButtonLink>
      ) : null}
    </div>
  );
}

const metricFormat: Record<MetricName, (value: number) => string> = {
  overallTraffic: formatCount,
  searchTraffic: formatCount,
  pagesPerVisit: formatDecimal,
  avgDuration: formatDuration,
  backLinks: formatCount,
  articlesPerWeek: formatDecimal,
};

function MetricCell({
  figure,
  metric,
  comparison,
}: {
  figure: Figure | undefined;
  metric: MetricName;
  comparison: string;
}) {
  if (!figure) return <span className="text-muted-foreground text-sm">No data for this period</span>;
  if (!hasValue(figure)) return <span className="text-muted-foreground text-sm">{missingText(figure)}</span>;
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-lg font-semibold tabular-nums">{metricFormat[metric](figure.value)}</span>
      <FigureDelta
        direction={figure.direction ?? null}
        change={figure.change === null ? undefined : formatChange(figure.change)}
        comparison={figure.direction ? comparison : undefined}
        missing={figure.previous === null ? "No previous period to compare" : "No change figure"}
      />
    </div>
  );
}

function MetricTable({
  brand,
  competitor,
  periodComparison,
}: {
  brand: CompetitorEntry;
  competitor: CompetitorEntry;
  /** What articles per week is compared with; the traffic metrics compare months. */
  periodComparison: string;
}) {
  const comparisonOf = (metric: MetricName) =>
    metric === "articlesPerWeek" ? periodComparison : "vs the month before";
  // The sample's companies have no website to read: their articles per week is simply not there.
  const figureOf = (entry: CompetitorEntry, metric: MetricName) =>
    entry.sample && metric === "articlesPerWeek"
      ? undefined
      : entry.metrics.find((item) => item.metric === metric);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">
        Website metrics of {brand.name} and {competitor.name}
      </caption>
      <thead>
        <tr className="text-muted-foreground border-b text-left">
          <th scope="col" className="py-2 pr-4 font-medium">
            Metric
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            {brand.name}
          </th>
          <th scope="col" className="py-2 font-medium">
            {competitor.name}
          </th>
        </tr>
      </thead>
      <tbody>
        {metricOrder.map((metric) => (
          <tr key={metric} className="border-b last:border-0" data-metric={metric}>
            <th scope="row" className="py-3 pr-4 text-left font-medium">
              {metricLabels[metric]}
            </th>
            <td className="py-3 pr-4">
              <MetricCell
                figure={figureOf(brand, metric)}
                metric={metric}
                comparison={comparisonOf(metric)}
              />
            </td>
            <td className="py-3">
              <MetricCell
                figure={figureOf(competitor, metric)}
                metric={metric}
                comparison={comparisonOf(metric)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
