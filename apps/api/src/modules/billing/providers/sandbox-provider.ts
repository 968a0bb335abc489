import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { sandboxCards, sandboxSetupIntents, sandboxSubscriptions } from "../../../db/schema";
import { AppError } from "../../../kernel/errors";
import type { PaymentProvider } from "../../../kernel/payment-provider";
import { addMs, type Clock, HOUR_MS } from "../../../lib/clock";
import { randomToken, sha256 } from "../../../lib/crypto";
import { addOneMonth } from "./billing-period";
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
      await db.insert(sandboxSetupIntents).values({
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
      const [intent] = await db
        .select()
        .from(sandboxSetupIntents)
        .where(
          and(
            eq(sandboxSetupIntents.secretHash, sha256(clientSecret)),
            eq(sandboxSetupIntents.customerId, customerId),
          ),
        );
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
      await db.insert(sandboxCards).values({
        id: paymentMethodId,
        customerId,
        brand: checked.brand,
        last4: checked.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        outcome: checked.charges,
        createdAt: now,
      });
      await db
        .update(sandboxSetupIntents)
        .set({ paymentMethodId })
        .where(eq(sandboxSetupIntents.id, intent.id));
      return paymentMethodId;
    },

    async attachCard({ customerId, paymentMethodId }) {
      const [card] = await db
        .update(sandboxCards)
        .set({ attached: true })
        .where(and(eq(sandboxCards.id, paymentMethodId), eq(sandboxCards.customerId, customerId)))
        .returning();
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
      await db
        .update(sandboxCards)
        .set({ attached: false })
        .where(and(eq(sandboxCards.id, paymentMethodId), eq(sandboxCards.customerId, customerId)));
    },

    async createSubscription({ customerId, paymentMethodId, idempotencyKey }) {
      const id = idFor("sub", idempotencyKey);
      const [existing] = await db
        .select({ createdAt: sandboxSubscriptions.createdAt })
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, id));
      // The same key again: Stripe answers with the subscription it made, without charging again.
      if (existing) return { id, currentPeriodEnd: addOneMonth(existing.createdAt) };
      await chargeCard(db, { customerId, paymentMethodId });
      const now = clock.now();
      await db
        .insert(sandboxSubscriptions)
        .values({ id, customerId, status: "active", createdAt: now })
        .onConflictDoNothing();
      return { id, currentPeriodEnd: addOneMonth(now) };
    },

    async cancelSubscription({ subscriptionId }) {
      await db
        .update(sandboxSubscriptions)
        .set({ status: "cancelled", cancelledAt: clock.now() })
        .where(and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.status, "active")));
    },

    parseWebhook() {
      throw new AppError("NOT_FOUND", 404, "Payment webhooks are not used with sandbox payments");
    },
  };
}

/** A charge on an attached sandbox card: fails as its test card says, with Stripe's message. */
export async function chargeCard(db: Queryable, p: { customerId: string; paymentMethodId: string }) {
  const [card] = await db
    .select({ outcome: sandboxCards.outcome })
    .from(sandboxCards)
    .where(
      and(
        eq(sandboxCards.id, p.paymentMethodId),
        eq(sandboxCards.customerId, p.customerId),
        eq(sandboxCards.attached, true),
      ),
    );
  if (!card) throw new AppError("PAYMENT_FAILED", 402, "Your card could not be found. Please add it again.");
  const failure = chargeFailure(card.outcome);
  if (failure) throw new AppError("PAYMENT_FAILED", 402, failure);
}

/** Whether the sandbox's subscription is still running (a cancelled one is never charged again). */
export async function isSandboxSubscriptionActive(db: Queryable, p: { subscriptionId: string }) {
  const [row] = await db
    .select({ status: sandboxSubscriptions.status })
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, p.subscriptionId));
  return row?.status === "active";
}
