import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type PaymentProviderId, paymentMethods } from "../../db/schema";
import type { SavedCard } from "../../kernel/payment-provider";

const cardFields = {
  id: paymentMethods.id,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expMonth: paymentMethods.expMonth,
  expYear: paymentMethods.expYear,
  isDefault: paymentMethods.isDefault,
};

/** The workspace's cards, default first, then newest first. */
export const listCards = (db: Queryable, p: { workspaceId: string }) =>
  db
    .select(cardFields)
    .from(paymentMethods)
    .where(eq(paymentMethods.workspaceId, p.workspaceId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), paymentMethods.id);

export async function findCard(db: Queryable, p: { workspaceId: string; id: string }) {
  const [row] = await db
    .select(cardFields)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.workspaceId, p.workspaceId), eq(paymentMethods.id, p.id)));
  return row;
}

export async function findDefaultCard(db: Queryable, p: { workspaceId: string }) {
  const [row] = await db
    .select(cardFields)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.workspaceId, p.workspaceId), eq(paymentMethods.isDefault, true)));
  return row;
}

/** Makes `id` the only default card (call inside a transaction). */
export async function makeDefault(db: Queryable, p: { workspaceId: string; id: string }) {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.workspaceId, p.workspaceId), eq(paymentMethods.isDefault, true)));
  await db
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(eq(paymentMethods.workspaceId, p.workspaceId), eq(paymentMethods.id, p.id)));
}

/** Saves a card (again: saving twice keeps one row) without making it the default. */
export async function upsertCard(
  db: Queryable,
  p: { workspaceId: string; provider: PaymentProviderId; card: SavedCard; now: Date },
) {
  await db
    .insert(paymentMethods)
    .values({
      ...p.card,
      workspaceId: p.workspaceId,
      provider: p.provider,
      isDefault: false,
      createdAt: p.now,
    })
    .onConflictDoNothing({ target: paymentMethods.id });
}

export async function deleteCard(db: Queryable, p: { workspaceId: string; id: string }) {
  await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.workspaceId, p.workspaceId), eq(paymentMethods.id, p.id)));
}
