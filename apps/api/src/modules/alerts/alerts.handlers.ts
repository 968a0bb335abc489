import type { Handlers } from "../../kernel/handler-types";
import {
  getAlertSettings,
  listAlerts,
  markAlertsRead,
  updateAlertPreferences,
  updateAlertRules,
} from "./alerts.service";

export const alertsHandlers = {
  listAlerts: ({ ctx, query }) => listAlerts(ctx, query.limit),
  markAlertsRead: ({ ctx, body }) => markAlertsRead(ctx, body),
  getAlertSettings: ({ ctx }) => getAlertSettings(ctx),
  updateAlertRules: ({ ctx, body }) => updateAlertRules(ctx, body),
  updateAlertPreferences: ({ ctx, body }) => updateAlertPreferences(ctx, body),
} satisfies Handlers<
  "listAlerts" | "markAlertsRead" | "getAlertSettings" | "updateAlertRules" | "updateAlertPreferences"
>;
