import type { HandlerMap } from "../kernel/handler-types";
import { alertsHandlers } from "../modules/alerts/alerts.handlers";
import { analyticsHandlers } from "../modules/analytics/analytics.handlers";
import { authHandlers } from "../modules/auth/auth.handlers";
import { billingHandlers } from "../modules/billing/billing.handlers";
import { brandHandlers } from "../modules/brand/brand.handlers";
import { brandingHandlers } from "../modules/branding/branding.handlers";
import { connectorHandlers } from "../modules/connectors/connectors.handlers";
import { digestHandlers } from "../modules/digest/digest.handlers";
import { sharedReportHandlers } from "../modules/shared-reports/shared-reports.handlers";
import { ssoHandlers } from "../modules/sso/sso.handlers";
import { systemHandlers } from "../modules/system/system.handlers";
import { userHandlers } from "../modules/user/user.handlers";
import { workspaceHandlers } from "../modules/workspace/workspace.handlers";

/** One handler per contract operationId: a missing one fails type-checking, and the server refuses to start. */
export const handlers = {
  ...systemHandlers,
  ...authHandlers,
  ...userHandlers,
  ...workspaceHandlers,
  ...brandingHandlers,
  ...ssoHandlers,
  ...brandHandlers,
  ...connectorHandlers,
  ...analyticsHandlers,
  ...billingHandlers,
  ...digestHandlers,
  // Shared reports (issue 32).
  ...sharedReportHandlers,
  // Alerts (issue 31).
  ...alertsHandlers,
} satisfies HandlerMap;
