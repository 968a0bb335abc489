import type { Handlers } from "../../kernel/handler-types";
import { rawBodyOf } from "../../kernel/raw-body";
import { listProducts, listSubscriptions, subscribe } from "./billing.service";
import {
  confirmSandboxSetup,
  createSetupIntent,
  listPaymentMethods,
  removePaymentMethod,
  savePaymentMethod,
  setDefaultPaymentMethod,
} from "./payment-methods.service";
import { cancelPlan, resumePlan } from "./plan-cancellation.service";
import { contactSales } from "./sales.service";
import { handlePaymentWebhook } from "./webhook.service";

export const billingHandlers = {
  listProducts: async ({ ctx }) => listProducts(ctx),
  listSubscriptions: ({ ctx }) => listSubscriptions(ctx),
  subscribe: ({ ctx, body }) => subscribe(ctx, body),
  cancelSubscription: ({ ctx }) => cancelPlan(ctx),
  resumeSubscription: ({ ctx }) => resumePlan(ctx),
  createSetupIntent: ({ ctx }) => createSetupIntent(ctx),
  confirmSandboxSetup: ({ ctx, body }) => confirmSandboxSetup(ctx, body),
  handlePaymentWebhook: ({ ctx, request }) => {
    const signature = request.headers["stripe-signature"];
    return handlePaymentWebhook(ctx, {
      rawBody: rawBodyOf(request),
      signature: typeof signature === "string" ? signature : undefined,
    });
  },
  listPaymentMethods: ({ ctx }) => listPaymentMethods(ctx),
  savePaymentMethod: ({ ctx, body }) => savePaymentMethod(ctx, body),
  removePaymentMethod: ({ ctx, body }) => removePaymentMethod(ctx, body),
  setDefaultPaymentMethod: ({ ctx, body }) => setDefaultPaymentMethod(ctx, body),
  contactSales: ({ ctx, body }) => contactSales(ctx, body),
} satisfies Handlers<
  | "listProducts"
  | "listSubscriptions"
  | "subscribe"
  | "cancelSubscription"
  | "resumeSubscription"
  | "createSetupIntent"
  | "confirmSandboxSetup"
  | "handlePaymentWebhook"
  | "listPaymentMethods"
  | "savePaymentMethod"
  | "removePaymentMethod"
  | "setDefaultPaymentMethod"
  | "contactSales"
>;
