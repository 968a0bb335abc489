import type { RequestCtx } from "../../kernel/handler-types";
import { getSharedReport, MODULE_TITLES } from "./shared-reports.service";

/**
 * What apps/web/src/prerender/report.tsx renders in place of the header's words (`REPORT_PLACEHOLDERS` there):
 * the web build writes the shared page's frame and header with them into report.html.
 */
const PLACEHOLDERS = {
  title: "%REPORT_TITLE%",
  period: "%REPORT_PERIOD%",
  byline: "%REPORT_BYLINE%",
  pdfHref: "%REPORT_PDF_HREF%",
} as const;

/** The element the page reads the report from (apps/web/src/features/shared-reports/report-frame.tsx). */
const EMBEDDED_VIEW_ID = "shared-report-view";

/**
 * As the page writes a day ('21 Nov 2026', apps/web/src/features/modules/format.ts), in UTC: the server knows no
 * reader's zone.
 */
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const day = (value: string) => dayFormat.format(new Date(value));

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);

/**
 * The shared page as the server sends it (issue 33, docs/shared-reports.md "The first paint"): the web build's
 * template (`template`, report.html) with the link's header written in, so a phone paints the brand, the module,
 * the days and who shared them before the app's JavaScript has arrived, and the report's answer inside the page
 * (the same as GET /shared-report's, read the same way: the rate limit counts it), so the app renders the whole
 * report without asking the API again. Undefined, for the plain page, when the link does not open a report now
 * (unknown, revoked, expired, too many reads, figures still being computed): the app then asks the API and says
 * why, as before. A branded report (its logo and accent) is left to the app too: the template has neither.
 */
export async function sharedReportPage(
  ctx: RequestCtx,
  token: string | undefined,
  template: string,
): Promise<string | undefined> {
  if (!token || !Object.values(PLACEHOLDERS).every((placeholder) => template.includes(placeholder))) {
    return undefined;
  }
  let view: Awaited<ReturnType<typeof getSharedReport>>;
  try {
    view = await getSharedReport(ctx, token);
  } catch (error) {
    ctx.log.debug({ err: error }, "A shared report's page goes out without its report");
    return undefined;
  }
  if (view.branding) return undefined;
  const words = {
    title: `${view.brandName}: ${MODULE_TITLES[view.module]}`,
    period: `${day(view.window.from)} to ${day(view.window.to)}`,
    byline: `Shared by ${view.workspaceName} · read-only · link open until ${day(view.expiresAt)}`,
    pdfHref: `/api/shared-report/pdf?token=${encodeURIComponent(token)}`,
  };
  let page = template;
  for (const key of Object.keys(PLACEHOLDERS) as (keyof typeof PLACEHOLDERS)[]) {
    // A function, not a string: a "$&" in a brand's name is text, not a replacement pattern.
    page = page.replaceAll(PLACEHOLDERS[key], () => escapeText(words[key]));
  }
  // JSON inside a script element: "<" written as \u003c, so no text of the report can close the element.
  const json = JSON.stringify(view).replaceAll("<", "\\u003c");
  return page.replace(
    "</body>",
    () => `<script type="application/json" id="${EMBEDDED_VIEW_ID}">${json}</script>\n  </body>`,
  );
}
