import type { Handlers } from "../../kernel/handler-types";
import {
  createSharedReport,
  getSharedReport,
  getSharedReportPdf,
  listSharedReports,
  revokeSharedReport,
} from "./shared-reports.service";

export const sharedReportHandlers = {
  listSharedReports: ({ ctx }) => listSharedReports(ctx),
  createSharedReport: ({ ctx, body }) => createSharedReport(ctx, body),
  revokeSharedReport: ({ ctx, params }) => revokeSharedReport(ctx, params.id),
  getSharedReport: ({ ctx, query }) => getSharedReport(ctx, query.token),
  getSharedReportPdf: (req) => getSharedReportPdf(req),
} satisfies Handlers<
  "listSharedReports" | "createSharedReport" | "revokeSharedReport" | "getSharedReport" | "getSharedReportPdf"
>;
