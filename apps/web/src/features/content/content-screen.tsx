import type { Brand } from "@brandscope/api-client";
import { ChartLegend } from "@brandscope/charts/legend";
import { NETWORK_LABELS } from "@brandscope/charts/networks";
import { EmptyState } from "@brandscope/ui/empty-state";
import { SectionState } from "@brandscope/ui/section-state";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { BrandGate } from "../modules/brand-gate";
import { DoughnutChart } from "../modules/charts";
import { isBeingComputed } from "../modules/computing";
import { ExportButton } from "../modules/export-button";
import { FigureCard, FigureCardSkeleton } from "../modules/figure-card";
import { FiguresComputing } from "../modules/figures-computing";
import {
  formatDate,
  formatDecimal,
  formatRate,
  formatShare,
  formatWhole,
  unknownEngagementText,
} from "../modules/format";
import { ModulePage, SectionCard } from "../modules/module-page";
import { comparisonText, type PeriodParams, usePeriod } from "../modules/period";
import { PostCard } from "../modules/post-card";
import { ProvenanceLine } from "../modules/provenance-line";
import { QueryError } from "../modules/query-error";
import { ShareReportButton } from "../shared-reports/share-report-button";
import { BarList } from "./bar-list";
import {
  type ContentAnalytics,
  contentOptions,
  formatBestTime,
  formatRelativePerformance,
  type Pillar,
  type PostRef,
} from "./queries";
import { SourceAges } from "./source-ages";
import { WebsiteSection } from "./website-section";

type KeywordSearches = NonNullable<ContentAnalytics["keywordAnalysis"]["items"][number]["searches"]>;

/** '412 search clicks from 3 queries', or that no query of the brand holds the keyword. */
function searchesNote(searches: KeywordSearches): string {
  if (searches.queries === 0) return "No search query of yours holds it";
  const queries = `${formatWhole(searches.queries)} ${searches.queries === 1 ? "query" : "queries"}`;
  return `${formatWhole(searches.clicks)} search clicks from ${queries}`;
}

export function ContentScreen() {
  return <BrandGate title="Content">{(brand) => <ContentModule brand={brand} />}</BrandGate>;
}

function ContentModule({ brand }: { brand: Brand }) {
  const [period, setPeriod] = usePeriod("content");
  const content = useQuery(contentOptions(period));
  // The sections are drawn in a background render that yields to the browser between components (the skeleton
  // shows meanwhile), rather than in one task of several hundred milliseconds that blocks input on first load.
  const data = useDeferredValue(content.data, undefined);

  return (
    <ModulePage
      title="Content"
      description="What your brand publishes, where, and how it performs."
      brand={brand}
      period={period}
      onPeriodChange={setPeriod}
      provenance={data ? <ProvenanceLine provenance={data.provenance} /> : null}
      actions={<ShareReportButton module="content" window={data?.window} />}
    >
      {content.isError && !data ? (
        <QueryError
          what="your content figures"
          error={content.error}
          onRetry={() => void content.refetch()}
          retrying={content.isFetching}
        />
      ) : (!data || content.isPlaceholderData) && isBeingComputed(content.failureReason) ? (
        <FiguresComputing />
      ) : !data ? (
        <ContentSkeleton />
      ) : (
        <ContentSections brand={brand} data={data} period={period} onPeriodChange={setPeriod} />
      )}
    </ModulePage>
  );
}

function ContentSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FigureCardSkeleton label="Posts per week" />
      <FigureCardSkeleton label="Engagement rate" />
      <SectionCard title="Content by network" loading />
      <SectionCard title="Keywords" loading />
    </div>
  );
}

export function ContentSections({
  brand,
  data,
  period,
  onPeriodChange,
}: {
  brand: Brand;
  data: ContentAnalytics;
  period: PeriodParams;
  onPeriodChange: (next: PeriodParams) => void;
}) {
  const { audit, contentBreakdown, keywordAnalysis, performance, architecture } = data;
  const slices = contentBreakdown.items.map((slice) => ({
    id: slice.label,
    label: networkLabel(slice.label),
    value: slice.count,
    color: slice.color,
  }));
  const comparison = comparisonText(period);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SourceAges
        sources={data.sources}
        newestPeriod={data.newestPeriod}
        onShowNewest={(window) => onPeriodChange({ period: "custom", ...window })}
      />
      <FigureCard
        label="Posts per week"
        figure={audit.postsPerWeek}
        format={formatDecimal}
        comparison={comparison}
      />
      <FigureCard
        label="Engagement rate"
        figure={audit.engagementRate}
        format={formatRate}
        comparison={comparison}
      />
      <SectionCard
        title="Content by network"
        description="Posts per network in the period"
        state={contentBreakdown}
        actions={<ExportButton dataset="posts" period={period} />}
      >
        <DoughnutChart ariaLabel="Posts by network" data={slices} emptyMessage="No posts in this period" />
        <ChartLegend items={slices} />
      </SectionCard>
      <SectionCard
        title="Keywords"
        description="Words and hashtags in your posts, by the number of posts using them"
        state={keywordAnalysis}
      >
        <BarList
          label="Keywords by posts"
          unit="posts"
          items={keywordAnalysis.items.map((item) => ({
            label: item.keyword,
            value: item.count,
            color: item.color,
            note: item.searches ? searchesNote(item.searches) : undefined,
          }))}
        />
        {keywordAnalysis.searchPeriod && keywordAnalysis.items.length > 0 ? (
          <p className="text-muted-foreground mt-3 text-xs">
            Search clicks: the clicks of your Search Console queries holding the keyword,{" "}
            {formatDate(keywordAnalysis.searchPeriod.from)} to {formatDate(keywordAnalysis.searchPeriod.to)}.
          </p>
        ) : null}
      </SectionCard>
      <SectionCard
        title="Top posts"
        description="Posts doing at least twice as well as your usual"
        state={performance}
        actions={<ExportButton dataset="posts" period={period} />}
      >
        <PostList posts={performance.top} empty="No post stood out in this period." />
        <LeftOut n={performance.unknownEngagement} />
      </SectionCard>
      <SectionCard
        title="Under-performing posts"
        description="Posts doing at most half as well as your usual"
        state={performance}
      >
        <PostList posts={performance.under} empty="No post fell behind in this period." />
        <LeftOut n={performance.unknownEngagement} />
      </SectionCard>
      <AuditSection audit={audit} />
      <WebsiteSection website={data.website} sample={brand.sample} comparison={comparison} />
      <SectionCard
        title="Content architecture"
        description="The themes your posts fall into, with their sub-themes"
        state={architecture}
        className="lg:col-span-2"
      >
        <PillarList pillars={architecture.pillars} />
      </SectionCard>
    </div>
  );
}

function networkLabel(label: string): string {
  return NETWORK_LABELS[label as keyof typeof NETWORK_LABELS] ?? label;
}

/** Posts a list could not rate because their engagement is unknown: said, never shown as a 0 rate. */
function LeftOut({ n }: { n: number | undefined }) {
  const text = unknownEngagementText(n);
  return text ? (
    <p data-slot="engagement-left-out" className="text-muted-foreground mt-3 text-xs">
      {text}
    </p>
  ) : null;
}

function PostList({ posts, empty }: { posts: readonly PostRef[]; empty: string }) {
  if (posts.length === 0) return <EmptyState className="py-8" icon={null} title={empty} />;
  return (
    <ul className="flex flex-col gap-3">
      {posts.map((post) => (
        <PostCard key={post.id} post={post}>
          Engagement rate {formatRate(post.engagementRate)} ·{" "}
          {formatRelativePerformance(post.relativePerformance)}
        </PostCard>
      ))}
    </ul>
  );
}

const SENTIMENT_CAVEAT =
  "Tone is read from your captions with word lists: it misses sarcasm, slang and trade words, handles negation well " +
  "only in English, and describes what your brand posts, not how your audience feels (comments are not " +
  "collected). Treat the shares as indicative.";

function AuditSection({ audit }: { audit: ContentAnalytics["audit"] }) {
  const { sentiment } = audit;
  return (
    <SectionCard
      title="Audit"
      description="Formats, timing and tone of your posts"
      state={audit}
      className="lg:col-span-2"
    >
      <div className="grid gap-6 md:grid-cols-3">
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Formats</h3>
          {audit.formats.length === 0 ? (
            <p className="text-muted-foreground text-sm">No posts in this period.</p>
          ) : (
            <ul className="flex flex-col gap-1.5 text-sm">
              {audit.formats.map((format) => (
                <li key={format.label} className="flex justify-between gap-3">
                  <span>
                    {format.label}{" "}
                    <span className="text-muted-foreground">({formatShare(format.share)})</span>
                  </span>
                  <span className="text-muted-foreground tabular-nums">
                    {format.medianEngagementRate === null || format.medianEngagementRate === undefined
                      ? "ER: too few posts"
                      : `median ER ${formatRate(format.medianEngagementRate)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Best times to post</h3>
          {audit.bestTimes.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              Not enough history (needs 30 posts over 28 days on a platform).
            </p>
          ) : (
            <ol className="flex flex-col gap-1.5 text-sm">
              {audit.bestTimes.map((slot) => (
                <li key={`${slot.weekday}-${slot.hourFrom}`} className="flex justify-between gap-3">
                  <span>{formatBestTime(slot)}</span>
                  <span className="text-muted-foreground tabular-nums">{slot.n} posts</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Caption tone</h3>
          {sentiment.status === "ok" || sentiment.status === "stale" ? (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt>Positive</dt>
                <dd className="text-right tabular-nums">{formatShare(sentiment.positive)}</dd>
                <dt>Neutral</dt>
                <dd className="text-right tabular-nums">{formatShare(sentiment.neutral)}</dd>
                <dt>Negative</dt>
                <dd className="text-right tabular-nums">{formatShare(sentiment.negative)}</dd>
              </dl>
              <p className="text-muted-foreground text-xs">
                {formatShare(sentiment.coverage)} of posts could be scored (their language is supported).
              </p>
            </>
          ) : (
            <SectionState layout="inline" status={sentiment.status} reason={sentiment.reason} />
          )}
          <p className="text-muted-foreground text-xs leading-relaxed" data-slot="sentiment-caveat">
            {SENTIMENT_CAVEAT}
          </p>
        </div>
      </div>
    </SectionCard>
  );
}

/** Pillars and their sub-pillars with their share of posts (`percentage`, 0–100). */
function PillarList({ pillars }: { pillars: readonly Pillar[] }) {
  if (pillars.length === 0) return <p className="text-muted-foreground text-sm">No themes found yet.</p>;
  return (
    <ul aria-label="Content pillars" className="grid gap-4 md:grid-cols-2">
      {pillars.map((pillar) => (
        <li key={pillar.label} className="flex flex-col gap-2 rounded-md border p-4">
          <div className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2 font-medium">
              <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: pillar.color }} />
              {pillar.label}
            </span>
            <span className="tabular-nums">{formatPillarPercentage(pillar.percentage)}</span>
          </div>
          {pillar.subPillars && pillar.subPillars.length > 0 ? (
            <ul aria-label={`Sub-pillars of ${pillar.label}`} className="flex flex-col gap-1 pl-4 text-sm">
              {pillar.subPillars.map((sub) => (
                <li key={sub.label} className="text-muted-foreground flex justify-between gap-3">
                  <span>{sub.label}</span>
                  <span className="tabular-nums">{formatPillarPercentage(sub.percentage)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function formatPillarPercentage(value: number): string {
  return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format(value)}%`;
}
