import { buttonVariants } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Logo } from "@brandscope/ui/logo";
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

/**
 * The page a shared link opens (issue 32, docs/shared-reports.md): one module's report of one brand and period,
 * read-only, for someone without an account. Not an app screen: no navigation, no narrow-screen notice; it reads
 * from 360 px wide (one column, as the modules' grids are below `lg`). The workspace's logo and accent where its
 * plan applies them (the server sends `branding` then).
 */
export function SharedReportScreen({ token }: { token: string | undefined }) {
  const report = useQuery({ ...sharedReportViewOptions(token ?? ""), enabled: Boolean(token) });
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

function Frame({ children, style }: { children: React.ReactNode; style?: CSSProperties }) {
  return (
    <div className="bg-background min-h-dvh" style={style}>
      {/* The address holds the link's token: no referrer carries it to another site, and no search engine keeps it. */}
      <meta name="referrer" content="no-referrer" />
      <meta name="robots" content="noindex, nofollow" />
      <main className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-10">
        {children}
      </main>
    </div>
  );
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
      <header
        data-slot="shared-report-header"
        className="border-primary flex flex-wrap items-center justify-between gap-4 border-b-4 pb-4"
      >
        <div className="flex min-w-0 items-center gap-4">
          {logo ? (
            <img src={logo} alt={`${view.workspaceName} logo`} className="h-10 max-w-40 object-contain" />
          ) : (
            <Logo size="sm" />
          )}
          <div className="flex min-w-0 flex-col">
            <h1 className="text-foreground text-xl font-semibold tracking-tight break-words">
              {view.brandName}: {title}
            </h1>
            <p className="text-muted-foreground text-sm">
              {formatDate(view.window.from)} to {formatDate(view.window.to)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-muted-foreground text-xs">
            Shared by {view.workspaceName} · read-only · link open until {formatDate(view.expiresAt)}
          </p>
          {/* The same report made on the server (GET /shared-report/pdf): the only link of the page. */}
          <a
            href={sharedReportPdfPath(token)}
            download
            className={buttonVariants({ emphasis: "secondary", size: "sm" })}
          >
            Download PDF
          </a>
        </div>
      </header>
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
