import { Readable } from "node:stream";
import type { components } from "@brandscope/api-client/schema";
import { signedIn } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { HandlerRequest, ReadCtx, RequestCtx } from "../../kernel/handler-types";
import { DAY_MS, MINUTE_MS } from "../../lib/clock";
import { randomToken, sha256 } from "../../lib/crypto";
import type { FileAttachment } from "../../lib/mailer";
import { networkOf } from "../../lib/network";
import { findUserById } from "../accounts";
import {
  addDays,
  competitorAnswer,
  type DayWindow,
  daysBetween,
  getCompetitorAnalytics,
  getContent,
  getIntent,
  listInfluencers,
  listPersonas,
  MAX_CUSTOM_DAYS,
  toDay,
} from "../analytics";
import { limitRequests } from "../auth";
import { planOf, workspacePlan } from "../billing";
import { currentBrandOrNotFound } from "../brand";
import { brandingOf, emailLogo, fileNameSlug, findWorkspaceName, toBrandingDto } from "../branding";
import { chartImage, pairedBarsSvg } from "../digest";
import { headlineFigures, type ReportView, renderReportPdf } from "./report-pdf";
import {
  findSharedReportByToken,
  findSharedReports,
  insertSharedReport,
  type ListedSharedReport,
  markSharedReportOpened,
  revokeSharedReportRow,
  type SharedReportRow,
} from "./shared-reports.repo";

type Schemas = components["schemas"];
type Module = Schemas["SharedReportModule"];

/** docs/shared-reports.md: a link opens for at most 90 days. */
export const MAX_SHARE_DAYS = 90;
/** No brand's data reaches further back (and PostgreSQL's dates have no year 0). */
const FIRST_DAY = "2000-01-01";
/** Reads of shared reports from one network (an IPv4 address, an IPv6 /64) in 15 minutes. */
export const SHARED_READ_LIMIT = { max: 120, windowMs: 15 * MINUTE_MS };

const invalid = (path: string, message: string) =>
  new AppError("VALIDATION_FAILED", 400, message, [{ path, message }]);

const statusOf = (row: SharedReportRow, now: Date): Schemas["SharedReport"]["status"] =>
  row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "active";

function toDto(listed: ListedSharedReport, now: Date): Schemas["SharedReport"] {
  const { report } = listed;
  const name = `${listed.creatorFirstName ?? ""} ${listed.creatorLastName ?? ""}`.trim();
  return {
    id: report.id,
    module: report.module,
    brandName: listed.brandName,
    window: { from: report.fromDay, to: report.toDay },
    status: statusOf(report, now),
    expiresAt: report.expiresAt.toISOString(),
    createdAt: report.createdAt.toISOString(),
    createdBy:
      report.createdBy === null ? null : { id: report.createdBy, name: name || (listed.creatorEmail ?? "") },
    lastOpenedAt: report.lastOpenedAt?.toISOString() ?? null,
    revokedAt: report.revokedAt?.toISOString() ?? null,
  };
}

/** 402 on a plan without shared links: they are a Professional and Enterprise feature. */
async function assertSharing(ctx: RequestCtx, workspaceId: string) {
  const { plan, limits } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  if (limits.sharedReports) return;
  throw new AppError(
    "PLAN_LIMIT",
    402,
    `Shared reports are not part of the ${planOf(plan).name} plan. Upgrade to Professional to share a report by link.`,
  );
}

export async function createSharedReport(
  ctx: RequestCtx,
  body: Schemas["CreateSharedReportRequest"],
): Promise<Schemas["CreatedSharedReport"]> {
  const { userId, workspaceId } = signedIn(ctx);
  await assertSharing(ctx, workspaceId);
  const now = ctx.clock.now();
  const today = toDay(now);
  if (body.from > body.to) throw invalid("/from", "The period's first day must not be after its last day.");
  if (body.from < FIRST_DAY) throw invalid("/from", `A report starts on ${FIRST_DAY} or later.`);
  if (body.to > today)
    throw invalid("/to", "A report ends today at the latest: its days must have happened.");
  if (daysBetween(body.from, body.to) + 1 > MAX_CUSTOM_DAYS) {
    throw invalid("/to", `A report covers at most ${MAX_CUSTOM_DAYS} days.`);
  }
  if (body.expiresAt <= today || body.expiresAt > addDays(today, MAX_SHARE_DAYS)) {
    throw invalid("/expiresAt", `A link expires between tomorrow and ${MAX_SHARE_DAYS} days from today.`);
  }
  const brand = await currentBrandOrNotFound(ctx);
  const token = randomToken();
  const { id } = await insertSharedReport(ctx.db, {
    workspaceId,
    brandId: brand.id,
    module: body.module,
    fromDay: body.from,
    toDay: body.to,
    tokenHash: sha256(token),
    createdBy: userId,
    // Open through the whole of its last day (UTC).
    expiresAt: new Date(Date.parse(`${body.expiresAt}T00:00:00.000Z`) + DAY_MS),
  });
  const [listed] = await findSharedReports(ctx.db, { workspaceId, id });
  if (!listed) throw new Error("shared report vanished");
  return { report: toDto(listed, now), token };
}

export async function listSharedReports(ctx: RequestCtx): Promise<Schemas["SharedReport"][]> {
  const { workspaceId } = signedIn(ctx);
  const now = ctx.clock.now();
  return (await findSharedReports(ctx.db, { workspaceId })).map((row) => toDto(row, now));
}

const reportNotFound = () => new AppError("SHARED_REPORT_NOT_FOUND", 404, "Shared report not found");

/** A member revokes their own links; an admin or the owner any of the workspace's. */
export async function revokeSharedReport(ctx: RequestCtx, id: string): Promise<Schemas["SharedReport"]> {
  const caller = signedIn(ctx);
  const [listed] = await findSharedReports(ctx.db, { workspaceId: caller.workspaceId, id });
  if (!listed) throw reportNotFound();
  if (listed.report.createdBy !== caller.userId) {
    const user = await findUserById(ctx.db, caller);
    if (user?.role === "member") {
      throw new AppError(
        "ROLE_NOT_ALLOWED",
        403,
        "Only the member who shared this report, an admin or the owner can revoke its link.",
      );
    }
  }
  const now = ctx.clock.now();
  await revokeSharedReportRow(ctx.db, { id, workspaceId: caller.workspaceId, now });
  const [after] = await findSharedReports(ctx.db, { workspaceId: caller.workspaceId, id });
  if (!after) throw reportNotFound();
  return toDto(after, now);
}

/**
 * The link a token opens, refused when it is no link's (404), revoked or expired (410). The read is counted per
 * network first, so guessing tokens costs the guesser the same as reading.
 */
export async function openSharedReport(ctx: RequestCtx, token: string) {
  await limitRequests(
    ctx,
    { key: `shared-report:${networkOf(ctx.ip)}`, ...SHARED_READ_LIMIT },
    (wait) => `Too many reports opened from your network. Please try again in ${wait}.`,
  );
  const found = await findSharedReportByToken(ctx.db, { tokenHash: sha256(token.trim()) });
  if (!found) throw reportNotFound();
  const now = ctx.clock.now();
  const status = statusOf(found.report, now);
  if (status === "revoked") {
    throw new AppError(
      "SHARED_REPORT_REVOKED",
      410,
      "This report is no longer shared: its link was revoked.",
    );
  }
  if (status === "expired") {
    throw new AppError(
      "SHARED_REPORT_EXPIRED",
      410,
      "This report is no longer shared: its link has expired.",
    );
  }
  return found;
}

/**
 * The module's answer for the link's brand and days, read as a member of its workspace would read it (the same
 * services, so the plan's limits apply: Starter's top 3 stays top 3), but with no user: nothing else of the
 * workspace is reachable.
 */
async function moduleAnswer(ctx: RequestCtx, report: SharedReportRow) {
  const scoped: RequestCtx = {
    ...ctx,
    userId: undefined,
    sessionId: undefined,
    workspaceId: report.workspaceId,
    brandId: report.brandId,
  };
  const period = { period: "custom" as const, from: report.fromDay, to: report.toDay };
  const by: { [M in Module]: () => Promise<Partial<Schemas["SharedReportView"]>> } = {
    content: async () => ({ content: await getContent(scoped, period) }),
    competitors: async () => ({ competitors: await getCompetitorAnalytics(scoped, period) }),
    audience: async () => ({ audience: await listPersonas(scoped, { limit: 50 }) }),
    influencers: async () => ({ influencers: await listInfluencers(scoped, { limit: 50 }) }),
    intent: async () => ({ intent: await getIntent(scoped, {}) }),
  };
  return by[report.module]();
}

export async function getSharedReport(ctx: RequestCtx, token: string): Promise<Schemas["SharedReportView"]> {
  return reportView(ctx, await openSharedReport(ctx, token));
}

async function reportView(
  ctx: RequestCtx,
  { report, brandName, workspaceName }: Awaited<ReturnType<typeof openSharedReport>>,
): Promise<Schemas["SharedReportView"]> {
  const [answer, branding] = await Promise.all([
    moduleAnswer(ctx, report),
    brandingOf(ctx, report.workspaceId),
  ]);
  await markSharedReportOpened(ctx.db, { id: report.id, now: ctx.clock.now() });
  const dto = toBrandingDto(branding.row, branding.available, ctx.storage);
  return {
    module: report.module,
    brandName,
    workspaceName,
    window: { from: report.fromDay, to: report.toDay },
    expiresAt: report.expiresAt.toISOString(),
    branding: dto.applied
      ? { logo: dto.logo, accentColor: dto.accentColor, accentForeground: dto.accentForeground }
      : null,
    ...answer,
  };
}

/**
 * A report's PDF (report-pdf.ts): the headline figures' chart is the weekly digest's paired bars
 * (modules/digest/charts.ts), the logo the one e-mails carry (modules/branding/email-logo.ts), both PNG.
 */
async function reportPdf(
  ctx: Pick<RequestCtx, "db" | "storage" | "log" | "clock">,
  p: { workspaceId: string; view: ReportView; moduleTitle: string; byline?: string },
): Promise<Buffer> {
  const { view } = p;
  const accent = view.branding?.accentColor ?? "#0f766e";
  const headlines = headlineFigures(view);
  const [logo, chart] = await Promise.all([
    view.branding?.logo
      ? emailLogo(ctx, { workspaceId: p.workspaceId, workspaceName: view.workspaceName })
      : undefined,
    headlines.length > 0
      ? chartImage(
          "headline-figures",
          pairedBarsSvg(
            headlines.map((h) => ({ label: h.label, previous: h.figure.previous, value: h.figure.value })),
            accent,
          ),
        )
      : undefined,
  ]);
  return renderReportPdf({
    view,
    moduleTitle: p.moduleTitle,
    ...(p.byline ? { byline: p.byline } : {}),
    logo: logo ? Buffer.from(logo.base64, "base64") : undefined,
    headlineChart: chart ? Buffer.from(chart.base64, "base64") : undefined,
    generatedAt: ctx.clock.now(),
  });
}

/** The same report as a PDF (issue 32, part 2). */
export async function getSharedReportPdf(req: HandlerRequest<"getSharedReportPdf">): Promise<Readable> {
  const { ctx, query, reply } = req;
  const opened = await openSharedReport(ctx, query.token);
  const view = await reportView(ctx, opened);
  const pdf = await reportPdf(ctx, {
    workspaceId: opened.report.workspaceId,
    view,
    moduleTitle: MODULE_TITLES[view.module],
  });
  const name = `${fileNameSlug(view.brandName)}-${view.module}-${view.window.from}-${view.window.to}`;
  reply.header("content-disposition", `attachment; filename="${name}.pdf"`);
  // The token's page: never kept by a shared cache.
  reply.header("cache-control", "private, no-store");
  return Readable.from([pdf]);
}

/**
 * The brand's report of a weekly digest's week as a PDF, for a member who asked for it with their digest (issue 32,
 * the PDF: "also attached to the weekly digest"; docs/digest.md "The PDF report"). The content and competitor
 * modules of the week's seven days in one document, laid out as a shared report's PDF, read as a member of the
 * workspace reads them: the same services, scoped to the workspace, the plan's limits and branding applied. No
 * link is made: the PDF travels in the member's own e-mail.
 */
export async function digestReportPdf(
  deps: Pick<RequestCtx, "db" | "storage" | "log" | "clock">,
  p: { workspaceId: string; brandId: string; brandName: string; window: DayWindow },
): Promise<FileAttachment> {
  const read: ReadCtx = { db: deps.db, clock: deps.clock, workspaceId: p.workspaceId, brandId: p.brandId };
  const period = { period: "custom" as const, ...p.window };
  const [content, competitors, branding, workspaceName] = await Promise.all([
    getContent(read, period),
    competitorAnswer(read, period),
    brandingOf(deps, p.workspaceId),
    findWorkspaceName(deps.db, { workspaceId: p.workspaceId }),
  ]);
  const dto = toBrandingDto(branding.row, branding.available, deps.storage);
  const name = workspaceName || "Your workspace";
  const view: ReportView = {
    brandName: p.brandName,
    workspaceName: name,
    window: p.window,
    branding: dto.applied
      ? { logo: dto.logo, accentColor: dto.accentColor, accentForeground: dto.accentForeground }
      : null,
    content,
    competitors,
  };
  const pdf = await reportPdf(deps, {
    workspaceId: p.workspaceId,
    view,
    moduleTitle: "Content and competitors",
    byline: `The weekly digest of ${name}.`,
  });
  return {
    filename: `${fileNameSlug(p.brandName)}-week-${p.window.from}-${p.window.to}.pdf`,
    contentType: "application/pdf",
    base64: pdf.toString("base64"),
  };
}

export const MODULE_TITLES: Record<Module, string> = {
  content: "Content",
  competitors: "Competitors",
  audience: "Audience",
  influencers: "Influencers",
  intent: "Intent",
};
