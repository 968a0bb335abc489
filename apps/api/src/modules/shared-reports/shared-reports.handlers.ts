import type { Handlers } from "../../kernel/handler-types";
import {
  createSharedReport,
  getSharedReport,
  listSharedReports,
  revokeSharedReport,
} from "./shared-reports.service";

export const sharedReportHandlers = {
  listSharedReports: ({ ctx }) => listSharedReports(ctx),
  createSharedReport: ({ ctx, body }) => createSharedReport(ctx, body),
  revokeSharedReport: ({ ctx, params }) => revokeSharedReport(ctx, params.id),
  getSharedReport: ({ ctx, query }) => getSharedReport(ctx, query.token),
} satisfies Handlers<"listSharedReports" | "createSharedReport" | "revokeSharedReport" | "getSharedReport">;
