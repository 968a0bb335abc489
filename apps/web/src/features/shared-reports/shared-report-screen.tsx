import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { type CSSProperties, useState } from "react";
import { CompetitorSections } from "~/features/competitor/competitor-screen";
import { selectCompetitor } from "~/features/competitor/queries";
import { ContentSections } from "~/features/content/content-screen";
import { isBeingComputed } from "~/features/modules/computing";
import { FiguresComputing } from "~/features/modules/figures-computing";
import { formatCount, formatCpc, formatDate, formatRate, formatShare } from "~/features/modules/format";
import { ProvenanceLine } from "~/features/modules/provenance-line";
import { ReadOnlyReport } from "~/features/modules/read-only";
import { isApiError, problemText } from "~/lib/problem";
import { moduleTitles, type SharedReportView, sharedReportPdfPath, sharedReportViewOptions } from "./queries";
import { EMBEDDED_VIEW_ID, ReportFrame as Frame, ReportHeader } from "./report-frame";

/**
 * The report the server sent inside the page with its first paint (apps/api/src/modules/shared-reports/
 * report-page.ts: GET /shared-report's answer for the address's token), so the page renders at once without
 * asking the API again. Absent when the server sent the plain page (a refused link, figures still computing).
 */
const embeddedView = readEmbeddedView();
const loadedAt = Date.now();

function readEmbeddedView(): SharedReportView | undefined {
  const text =
    typeof document === "undefined" ? null : document.getElementById(EMBEDDED_VIEW_ID)?.textContent;
  if (!text) return undefined;
  try {
    const view = JSON.parse(text) as SharedReportView;
    return typeof view === "object" && view !== null && view.module in moduleTitles ? view : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page a shared link opens (issue 32, docs/shared-reports.md): one module's report of one brand and period,
 * read-only, for someone without an account. Not an app screen: no navigation, no narrow-screen notice; it reads
 * from 360 px wide (one column, as the modules' grids are below `lg`). The workspace's logo and accent where its
 * plan applies them (the server sends `branding` then).
 */
export function SharedReportScreen({ token }: { token: string | undefined }) {
  const report = useQuery({
    ...sharedReportViewOptions(token ?? ""),
    enabled: Boolean(token),
    ...(embeddedView ? { initialData: embeddedView, initialDataUpdatedAt: loadedAt } : {}),
  });
  if (!token || report.isError) {
    const gone = isApiError(report.error, 410) || isApiError(report.error, 404) || !token;
    return (
      <Frame>
        <ErrorState
          title={gone ? "This report is not available" : "We could not load this report"}
          message={
            !token
              ? "The link is incomplete. Ask whoever shared it for the whole link."
              : isApiError(report.error, 404)
                ? "This link does not open a report. Check that it was copied whole."
                : problemText(report.error)
          }
          onRetry={gone ? undefined : () => void report.refetch()}
          retrying={report.isFetching}
        />
      </Frame>
    );
  }
  if (!report.data && isBeingComputed(report.failureReason)) {
    return (
      <Frame>
        <FiguresComputing />
      </Frame>
    );
  }
  if (!report.data) {
    return (
      <Frame>
        <div role="status" aria-label="Loading the report" className="flex flex-col gap-4">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </Frame>
    );
  }
  return <Report view={report.data} token={token} />;
}

function Report({ view, token }: { view: SharedReportView; token: string }) {
  const title = moduleTitles[view.module];
  const accent = view.branding?.accentColor;
  const style = accent
    ? ({
        "--primary": accent,
        "--primary-foreground": view.branding?.accentForeground ?? undefined,
        "--ring": accent,
      } as CSSProperties)
    : undefined;
  const logo = view.branding?.logo;
  return (
    <Frame style={style}>
      <ReportHeader
        heading={{
          title: `${view.brandName}: ${title}`,
          period: `${formatDate(view.window.from)} to ${formatDate(view.window.to)}`,
          byline: `Shared by ${view.workspaceName} · read-only · link open until ${formatDate(view.expiresAt)}`,
          pdfHref: sharedReportPdfPath(token),
          ...(logo ? { logo: { src: logo, alt: `${view.workspaceName} logo` } } : {}),
        }}
      />
      <ReadOnlyReport.Provider value={true}>
        <ModuleBody view={view} />
      </ReadOnlyReport.Provider>
    </Frame>
  );
}

function ModuleBody({ view }: { view: SharedReportView }) {
  const period = { period: "custom" as const, ...view.window };
  if (view.content) {
    return (
      <div className="flex flex-col gap-4">
        <ProvenanceLine provenance={view.content.provenance} />
        <ContentSections
          brand={view.content.brand}
          data={view.content}
          period={period}
          onPeriodChange={() => undefined}
        />
      </div>
    );
  }
  if (view.competitors) return <Competitors data={view.competitors} period={period} />;
  if (view.audience) {
    return (
      <ReportTable
        caption="Personas"
        limited={view.audience.limited}
        head={["Persona", "Age", "Share of audience", "Engagement rate"]}
        rows={view.audience.results.map((p) => [
          p.name,
          `${p.ageMin}–${p.ageMax}`,
          formatShare(p.share),
          formatRate(p.engagementRate),
        ])}
      />
    );
  }
  if (view.influencers) {
    return (
      <ReportTable
        caption="Influencers"
        limited={view.influencers.limited}
        head={["Influencer", "Platform", "Followers", "Engagement rate"]}
        rows={view.influencers.results.map((i) => [
          `${i.name} (${i.handle})`,
          i.platform,
          formatCount(i.followers),
          formatRate(i.engagementRate),
        ])}
      />
    );
  }
  if (view.intent) {
    return (
      <ReportTable
        caption="Keywords"
        limited={false}
        head={["Keyword", "Monthly searches", "Cost per click", "Competition"]}
        rows={view.intent.keywordData.map((k) => [
          k.keyword,
          k.volume === null ? "Unknown" : formatCount(k.volume),
          formatCpc(k.cpc, k.currency),
          formatShare(k.competition),
        ])}
      />
    );
  }
  return null;
}

function Competitors({
  data,
  period,
}: {
  data: NonNullable<SharedReportView["competitors"]>;
  period: { period: "custom"; from: string; to: string };
}) {
  const [chosen, setChosen] = useState<string>();
  return (
    <div className="flex flex-col gap-4">
      <ProvenanceLine provenance={data.common.provenance} />
      <CompetitorSections
        data={data}
        selected={selectCompetitor(data.competitors, chosen)}
        onChoose={setChosen}
        period={period}
      />
    </div>
  );
}

/** A list module's rows as a plain table: the shared page links to no detail page (those need an account). */
function ReportTable({
  caption,
  head,
  rows,
  limited,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  limited: boolean;
}) {
  return (
    <section className="bg-card flex min-w-0 flex-col gap-3 rounded-lg border p-4 sm:p-5">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-foreground mb-3 text-left text-base font-semibold">{caption}</caption>
          <thead>
            <tr className="text-muted-foreground border-b">
              {head.map((cell) => (
                <th key={cell} scope="col" className="py-2 pr-4 font-medium">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join("|")} className="border-b last:border-0">
                {row.map((cell, index) => (
                  <td key={`${head[index]}`} className="py-2 pr-4">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing to show for this period.</p>
      ) : null}
      {limited ? (
        <p className="text-muted-foreground text-sm">The plan of this workspace shows the top 3.</p>
      ) : null}
    </section>
  );
}
