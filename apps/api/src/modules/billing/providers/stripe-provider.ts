import Stripe from "stripe";
import { AppError } from "../../../kernel/errors";
import type { BillingEvent, PaymentProvider } from "../../../kernel/payment-provider";

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceProfessional: string;
  priceEnterprise: string;
}

/** Where the SDK connects: Stripe itself unless a test points it at a local server. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: "http" | "https";
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A card refused by Stripe surfaces its own message ("Your card was declined."); anything else is ours to fix. */
async function asPaymentFailure<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new AppError("PAYMENT_FAILED", 402, error.message);
    throw error;
  }
}

/** Stripe subscription states, as the workspace's plan states (docs/decisions.md "Plans and trials"). */
function planStatusOf(status: Stripe.Subscription.Status) {
  if (status === "active" || status === "trialing") return "active" as const;
  if (status === "past_due" || status === "unpaid") return "payment-error" as const;
  if (status === "canceled" || status === "incomplete_expired") return "cancelled" as const;
  return "unchanged" as const;
}

const periodEndOf = (subscription: Stripe.Subscription) => {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
};

export function stripeProvider(settings: StripeSettings, endpoint?: StripeEndpoint): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(endpoint ? { host: endpoint.host, port: endpoint.port, protocol: endpoint.protocol } : {}),
  });
  const prices = { professional: settings.priceProfessional, enterprise: settings.priceEnterprise };

  return {
    id: "stripe",
    publishableKey: settings.publishableKey,

    async createCustomer({ workspaceId, email, idempotencyKey }) {
      const customer = await stripe.customers.create(
        { email, metadata: { workspaceId } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async createSetupIntent({ customerId, idempotencyKey }) {
      const intent = await stripe.setupIntents.create(
        { customer: customerId, allowed_payment_method_types: ["card"], usage: "off_session" },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error("Stripe returned a SetupIntent without a client secret");
      return { clientSecret: intent.client_secret };
    },

    async attachCard({ customerId, paymentMethodId }) {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
      const owner = idOf(method.customer);
      if (owner !== null && owner !== customerId) return null;
      if (owner === null) {
        await asPaymentFailure(stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      }
      if (!method.card) return null;
      return {
        id: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },

    async setDefaultCard({ customerId, paymentMethodId }) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      // A subscription's own default card comes before the customer's: the running plan's next renewal must charge
      // the new default ("Change card").
      const running = await stripe.subscriptions.list({ customer: customerId, status: "active" });
      for (const subscription of running.data) {
        await stripe.subscriptions.update(subscription.id, { default_payment_method: paymentMethodId });
      }
    },

    async detachCard({ paymentMethodId }) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },

    async createSubscription({ customerId, plan, paymentMethodId, idempotencyKey }) {
      // error_if_incomplete: a refused first charge fails the call instead of leaving an unpaid subscription.
      const subscription = await asPaymentFailure(
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: prices[plan] }],
            default_payment_method: paymentMethodId,
            payment_behavior: "error_if_incomplete",
          },
          { idempotencyKey },
        ),
      );
      const currentPeriodEnd = periodEndOf(subscription);
      if (!currentPeriodEnd) throw new Error("Stripe returned a subscription without a period");
      return { id: subscription.id, currentPeriodEnd };
    },

    async cancelSubscription({ subscriptionId }) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Cancelling is idempotent here: a subscription Stripe no longer has, or has already ended, is done.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if (error.code === "resource_missing") return;
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        if (current.status !== "canceled") throw error;
      }
    },

    async setCancelAtPeriodEnd({ subscriptionId, cancel }) {
      // Setting the flag to what it already is changes nothing at Stripe: a retry is harmless.
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    parseWebhook({ rawBody, signature }) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret);
      } catch {
        throw new AppError("INVALID_SIGNATURE", 400, "The webhook signature does not match");
      }
      return billingEventOf(event);
    },
  };
}

function billingEventOf(event: Stripe.Event): BillingEvent {
  switch (event.type) {
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      if (!customerId) return { id: event.id, type: "ignored", eventType: event.type };
      return {
        id: event.id,
        type: "payment-failed",
        customerId,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const deleted = event.type === "customer.subscription.deleted";
      return {
        id: event.id,
        type: "subscription-changed",
        customerId: idOf(subscription.customer) ?? "",
        subscriptionId: subscription.id,
        status: deleted ? "cancelled" : planStatusOf(subscription.status),
        currentPeriodEnd: periodEndOf(subscription),
        // The dashboard's "cancel at end of period" sets the flag; newer API versions may set cancel_at instead.
        cancelAtPeriodEnd: deleted
          ? null
          : subscription.cancel_at_period_end === true || (subscription.cancel_at ?? null) !== null,
      };
    }
    default:
      return { id: event.id, type: "ignored", eventType: event.type };
  }
}
