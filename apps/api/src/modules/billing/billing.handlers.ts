import { notImplemented } from "../../http/errors";
import type { Handlers } from "../../http/handler-types";

export const billingHandlers = {
  listProducts: notImplemented,
  listSubscriptions: notImplemented,
  subscribe: notImplemented,
  createSetupIntent: notImplemented,
  confirmSandboxSetup: notImplemented,
  handlePaymentWebhook: notImplemented,
  listPaymentMethods: notImplemented,
  savePaymentMethod: notImplemented,
  removePaymentMethod: notImplemented,
  setDefaultPaymentMethod: notImplemented,
  contactSales: notImplemented,
} satisfies Handlers<
  | "listProducts"
  | "listSubscriptions"
  | "subscribe"
  | "createSetupIntent"
  | "confirmSandboxSetup"
  | "handlePaymentWebhook"
  | "listPaymentMethods"
  | "savePaymentMethod"
  | "removePaymentMethod"
  | "setDefaultPaymentMethod"
  | "contactSales"
>;
