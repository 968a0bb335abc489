import type { PaymentProviderId } from "../db/billing.schema";
import type { Queryable } from "../db/client";

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ProviderSubscription {
  id: string;
  /** The end of the paid period: the plan's end date until the next renewal. */
  currentPeriodEnd: Date;
}

/** What a provider's webhook reports, reduced to what changes a workspace's plan. */
export type BillingEvent =
  | { id: string; type: "payment-failed"; customerId: string; subscriptionId: string | null }
  | {
      id: string;
      type: "subscription-changed";
      customerId: string;
      subscriptionId: string;
      status: "active" | "payment-error" | "cancelled" | "unchanged";
      currentPeriodEnd: Date | null;
      /** Set to end with its period (in the provider's dashboard too); null when the event does not say. */
      cancelAtPeriodEnd: boolean | null;
    }
  | { id: string; type: "ignored"; eventType: string };

/**
 * A card payment provider: Stripe, or the built-in sandbox (docs/decisions.md "Sandbox payments") with the same flow
 * and states. Every create carries an idempotency key, so a retried request never charges or creates twice.
 * Failures the card holder should read are thrown as AppError 402 with the provider's message.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** For the browser's card form (Stripe.js); null for the sandbox. */
  readonly publishableKey: string | null;
  createCustomer(p: { workspaceId: string; email: string; idempotencyKey: string }): Promise<string>;
  createSetupIntent(p: { customerId: string; idempotencyKey: string }): Promise<{ clientSecret: string }>;
  /** The set-up card's details, once it belongs to the customer; null when it is unknown or someone else's. */
  attachCard(p: { customerId: string; paymentMethodId: string }): Promise<SavedCard | null>;
  setDefaultCard(p: { customerId: string; paymentMethodId: string }): Promise<void>;
  detachCard(p: { customerId: string; paymentMethodId: string }): Promise<void>;
  /** Charges the first period at once; a refused charge throws with the provider's message. */
  createSubscription(p: {
    customerId: string;
    plan: "professional" | "enterprise";
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  /**
   * Ends a subscription at once (a failed one replaced by a new one, a deleted workspace's); ending one that has
   * already ended, or that the provider no longer has, succeeds.
   */
  cancelSubscription(p: { subscriptionId: string }): Promise<void>;
  /**
   * The owner's "Cancel plan" (`cancel` true) and "Resume" (false): the subscription runs to the end of its paid
   * period and then ends instead of renewing (Stripe's cancel_at_period_end).
   */
  setCancelAtPeriodEnd(p: { subscriptionId: string; cancel: boolean }): Promise<void>;
  /** Checks the signature of a webhook's raw body; throws AppError 400 when it does not hold. */
  parseWebhook(p: { rawBody: string; signature: string | undefined }): BillingEvent;
}

export type PaymentProviders = (db: Queryable) => PaymentProvider;
