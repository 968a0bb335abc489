import { buttonVariants } from "@brandscope/ui/button";
import { Logo } from "@brandscope/ui/logo";
import type { CSSProperties } from "react";

/** The element the server writes the report's JSON into (apps/api/src/modules/shared-reports/report-page.ts). */
export const EMBEDDED_VIEW_ID = "shared-report-view";

/**
 * The shared page's frame: no navigation, no narrow-screen notice, one column from 360 px wide. Rendered by the
 * page (shared-report-screen.tsx) and, with placeholders, into the template the server fills for its first paint
 * (src/prerender/report.tsx, apps/api/src/modules/shared-reports/report-page.ts).
 */
export function ReportFrame({ children, style }: { children: React.ReactNode; style?: CSSProperties }) {
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

/** The header's words, formatted: each a single text so the server can put its own in the template's place. */
export interface ReportHeading {
  /** "<brand>: <module>". */
  title: string;
  /** "<first day> to <last day>". */
  period: string;
  /** "Shared by <workspace> · read-only · link open until <day>". */
  byline: string;
  pdfHref: string;
  logo?: { src: string; alt: string };
}

export function ReportHeader({ heading }: { heading: ReportHeading }) {
  return (
    <header
      data-slot="shared-report-header"
      className="border-primary flex flex-wrap items-center justify-between gap-4 border-b-4 pb-4"
    >
      <div className="flex min-w-0 items-center gap-4">
        {heading.logo ? (
          <img src={heading.logo.src} alt={heading.logo.alt} className="h-10 max-w-40 object-contain" />
        ) : (
          <Logo size="sm" />
        )}
        <div className="flex min-w-0 flex-col">
          <h1 className="text-foreground text-xl font-semibold tracking-tight break-words">
            {heading.title}
          </h1>
          <p className="text-muted-foreground text-sm">{heading.period}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-muted-foreground text-xs">{heading.byline}</p>
        {/* The same report made on the server (GET /shared-report/pdf): the only link of the page. */}
        <a href={heading.pdfHref} download className={buttonVariants({ emphasis: "secondary", size: "sm" })}>
          Download PDF
        </a>
      </div>
    </header>
  );
}
