import { notImplemented } from "../../http/errors";
import type { Handlers } from "../../http/handler-types";
import { listProducts, listSubscriptions } from "./billing.service";

export const billingHandlers = {
  listProducts: async ({ ctx }) => listProducts(ctx),
  listSubscriptions: ({ ctx }) => listSubscriptions(ctx),
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
