import type { Handlers } from "../../kernel/handler-types";
import {
  getAlertSettings,
  listAlerts,
  markAlertsRead,
  updateAlertPreferences,
  updateAlertRules,
} from "./alerts.service";
import {
  deleteAlertChannel,
  getAlertChannels,
  saveAlertChannel,
  testAlertChannel,
  unsubscribeAlertEmails,
} from "./channels.service";

export const alertsHandlers = {
  listAlerts: ({ ctx, query }) => listAlerts(ctx, query.limit),
  markAlertsRead: ({ ctx, body }) => markAlertsRead(ctx, body),
  getAlertSettings: ({ ctx }) => getAlertSettings(ctx),
  updateAlertRules: ({ ctx, body }) => updateAlertRules(ctx, body),
  updateAlertPreferences: ({ ctx, body }) => updateAlertPreferences(ctx, body),
  getAlertChannels: ({ ctx }) => getAlertChannels(ctx),
  saveAlertChannel: ({ ctx, params, body }) => saveAlertChannel(ctx, params.kind, body),
  deleteAlertChannel: ({ ctx, params }) => deleteAlertChannel(ctx, params.kind),
  testAlertChannel: ({ ctx, params }) => testAlertChannel(ctx, params.kind),
  unsubscribeAlertEmails: ({ ctx, query }) => unsubscribeAlertEmails(ctx, query.token),
} satisfies Handlers<
  | "listAlerts"
  | "markAlertsRead"
  | "getAlertSettings"
  | "updateAlertRules"
  | "updateAlertPreferences"
  | "getAlertChannels"
  | "saveAlertChannel"
  | "deleteAlertChannel"
  | "testAlertChannel"
  | "unsubscribeAlertEmails"
>;
