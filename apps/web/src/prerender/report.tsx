import { renderToString } from "react-dom/server";
import { ReportFrame, ReportHeader } from "~/features/shared-reports/report-frame";

/**
 * The placeholders of the shared report's template: the server writes each, HTML-escaped, in its place
 * (apps/api/src/modules/shared-reports/report-page.ts `REPORT_PLACEHOLDERS` names the same).
 */
export const REPORT_PLACEHOLDERS = {
  title: "%REPORT_TITLE%",
  period: "%REPORT_PERIOD%",
  byline: "%REPORT_BYLINE%",
  pdfHref: "%REPORT_PDF_HREF%",
} as const;

/**
 * The shared report's frame and header with placeholders, rendered at build time (build/prerender.ts) from the
 * components the page renders: the server fills it with a link's report for the page's first paint (issue 33),
 * and the app, given the same report inside the page, renders the same header over it.
 */
export function renderReportTemplate(): string {
  return renderToString(
    <ReportFrame>
      <ReportHeader heading={REPORT_PLACEHOLDERS} />
    </ReportFrame>,
  );
}
