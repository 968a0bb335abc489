import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { sandboxCards, sandboxSetupIntents, sandboxSubscriptions } from "../../../db/schema";

/*
 * The sandbox's own records (docs/decisions.md "Sandbox payments"): set-up intents, cards and subscriptions, standing
 * in for what Stripe keeps on its side.
 */

type NewSetupIntent = typeof sandboxSetupIntents.$inferInsert;
type NewCard = typeof sandboxCards.$inferInsert;

export async function insertSetupIntent(db: Queryable, values: NewSetupIntent) {
  await db.insert(sandboxSetupIntents).values(values);
}

/** The set-up intent of a client secret's hash, if it belongs to the customer. */
export async function findSetupIntent(db: Queryable, p: { secretHash: string; customerId: string }) {
  const [intent] = await db
    .select()
    .from(sandboxSetupIntents)
    .where(
      and(eq(sandboxSetupIntents.secretHash, p.secretHash), eq(sandboxSetupIntents.customerId, p.customerId)),
    );
  return intent;
}

/** Stores a confirmed card and marks its set-up intent used. */
export async function insertConfirmedCard(db: Queryable, p: { card: NewCard; setupIntentId: string }) {
  await db.insert(sandboxCards).values(p.card);
  await db
    .update(sandboxSetupIntents)
    .set({ paymentMethodId: p.card.id })
    .where(eq(sandboxSetupIntents.id, p.setupIntentId));
}

/** Attaches the customer's card (or detaches it); returns the card, or undefined when it is not the customer's. */
export async function setCardAttached(
  db: Queryable,
  p: { customerId: string; paymentMethodId: string; attached: boolean },
) {
  const [card] = await db
    .update(sandboxCards)
    .set({ attached: p.attached })
    .where(and(eq(sandboxCards.id, p.paymentMethodId), eq(sandboxCards.customerId, p.customerId)))
    .returning();
  return card;
}

/** How an attached card of the customer answers a charge; undefined when there is no such card. */
export async function findAttachedCardOutcome(
  db: Queryable,
  p: { customerId: string; paymentMethodId: string },
) {
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
  return card?.outcome;
}

export async function findSandboxSubscription(db: Queryable, p: { id: string }) {
  const [row] = await db
    .select({ createdAt: sandboxSubscriptions.createdAt, status: sandboxSubscriptions.status })
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, p.id));
  return row;
}

/** An active subscription; a second one with the same id (the same idempotency key) changes nothing. */
export async function insertSandboxSubscription(
  db: Queryable,
  p: { id: string; customerId: string; now: Date },
) {
  await db
    .insert(sandboxSubscriptions)
    .values({ id: p.id, customerId: p.customerId, status: "active", createdAt: p.now })
    .onConflictDoNothing();
}

export async function cancelSandboxSubscription(db: Queryable, p: { id: string; now: Date }) {
  await db
    .update(sandboxSubscriptions)
    .set({ status: "cancelled", cancelledAt: p.now })
    .where(and(eq(sandboxSubscriptions.id, p.id), eq(sandboxSubscriptions.status, "active")));
}
