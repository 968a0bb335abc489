import type { Queryable } from "../../../db/client";
import { AppError } from "../../../kernel/errors";
import type { PaymentProvider } from "../../../kernel/payment-provider";
import { addMs, type Clock, HOUR_MS } from "../../../lib/clock";
import { randomToken, sha256 } from "../../../lib/crypto";
import { addOneMonth } from "./billing-period";
import {
  cancelSandboxSubscription,
  findAttachedCardOutcome,
  findSandboxSubscription,
  findSetupIntent,
  insertConfirmedCard,
  insertSandboxSubscription,
  insertSetupIntent,
  setCardAttached,
} from "./sandbox.repo";
import { type CardInput, chargeFailure, checkSandboxCard } from "./sandbox-cards";

const SETUP_INTENT_TTL_MS = HOUR_MS;

/** Ids derived from the idempotency key: asking twice with one key gives the same object, as with Stripe. */
const idFor = (prefix: string, idempotencyKey: string) =>
  `${prefix}_sandbox_${sha256(idempotencyKey).slice(0, 24)}`;

/**
 * The built-in sandbox (docs/decisions.md "Sandbox payments"): Stripe's flow and test cards without a network. Its
 * records (set-up intents, cards) live in its own tables, standing in for what Stripe keeps on its side.
 */
export function sandboxProvider(
  db: Queryable,
  clock: Clock,
): PaymentProvider & {
  confirmSetup(p: { customerId: string; clientSecret: string; card: CardInput }): Promise<string>;
} {
  return {
    id: "sandbox",
    publishableKey: null,

    createCustomer: async ({ idempotencyKey }) => idFor("cus", idempotencyKey),

    async createSetupIntent({ customerId, idempotencyKey }) {
      const id = idFor("seti", idempotencyKey);
      const clientSecret = `${id}_secret_${randomToken(24)}`;
      const now = clock.now();
      await insertSetupIntent(db, {
        id,
        customerId,
        secretHash: sha256(clientSecret),
        expiresAt: addMs(now, SETUP_INTENT_TTL_MS),
        createdAt: now,
      });
      return { clientSecret };
    },

    /** What stripe.confirmCardSetup does in the browser: checks the card and, if it sets up, returns its id. */
    async confirmSetup({ customerId, clientSecret, card }) {
      const intent = await findSetupIntent(db, { secretHash: sha256(clientSecret), customerId });
      if (!intent)
        throw new AppError("NOT_FOUND", 404, "This card set-up was not found. Please start again.");
      const now = clock.now();
      if (intent.expiresAt <= now) {
        throw new AppError("VALIDATION_FAILED", 400, "This card set-up has expired. Please start again.");
      }
      if (intent.paymentMethodId) {
        throw new AppError(
          "VALIDATION_FAILED",
          400,
          "This card set-up has already been used. Please start again.",
        );
      }
      const checked = checkSandboxCard(card, now);
      const paymentMethodId = `pm_sandbox_${randomToken(18)}`;
      await insertConfirmedCard(db, {
        card: {
          id: paymentMethodId,
          customerId,
          brand: checked.brand,
          last4: checked.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          outcome: checked.charges,
          createdAt: now,
        },
        setupIntentId: intent.id,
      });
      return paymentMethodId;
    },

    async attachCard({ customerId, paymentMethodId }) {
      const card = await setCardAttached(db, { customerId, paymentMethodId, attached: true });
      return card
        ? {
            id: card.id,
            brand: card.brand,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
          }
        : null;
    },

    // The sandbox charges the workspace's default card as payment_methods records it.
    setDefaultCard: async () => {},

    async detachCard({ customerId, paymentMethodId }) {
      await setCardAttached(db, { customerId, paymentMethodId, attached: false });
    },

    async createSubscription({ customerId, paymentMethodId, idempotencyKey }) {
      const id = idFor("sub", idempotencyKey);
      const existing = await findSandboxSubscription(db, { id });
      // The same key again: Stripe answers with the subscription it made, without charging again.
      if (existing) return { id, currentPeriodEnd: addOneMonth(existing.createdAt) };
      await chargeCard(db, { customerId, paymentMethodId });
      const now = clock.now();
      await insertSandboxSubscription(db, { id, customerId, now });
      return { id, currentPeriodEnd: addOneMonth(now) };
    },

    async cancelSubscription({ subscriptionId }) {
      await cancelSandboxSubscription(db, { id: subscriptionId, now: clock.now() });
    },

    // The sandbox keeps no schedule of its own: the billing housekeeping ends a cancelled plan at its end date
    // and its sandbox subscription with it, and never renews it before (subscriptions.repo.ts).
    setCancelAtPeriodEnd: async () => {},

    parseWebhook() {
      throw new AppError("NOT_FOUND", 404, "Payment webhooks are not used with sandbox payments");
    },
  };
}

/** A charge on an attached sandbox card: fails as its test card says, with Stripe's message. */
export async function chargeCard(db: Queryable, p: { customerId: string; paymentMethodId: string }) {
  const outcome = await findAttachedCardOutcome(db, p);
  if (!outcome)
    throw new AppError("PAYMENT_FAILED", 402, "Your card could not be found. Please add it again.");
  const failure = chargeFailure(outcome);
  if (failure) throw new AppError("PAYMENT_FAILED", 402, failure);
}

/** Whether the sandbox's subscription is still running (a cancelled one is never charged again). */
export async function isSandboxSubscriptionActive(db: Queryable, p: { subscriptionId: string }) {
  return (await findSandboxSubscription(db, { id: p.subscriptionId }))?.status === "active";
}
