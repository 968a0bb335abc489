import { and, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { billingCustomers, type PaymentProviderId } from "../../db/schema";

export async function findCustomer(db: Queryable, p: { workspaceId: string; provider: PaymentProviderId }) {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId, subscriptionId: billingCustomers.subscriptionId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.workspaceId, p.workspaceId), eq(billingCustomers.provider, p.provider)));
  return row;
}

/** The workspace a provider's customer belongs to (a webhook names only the customer). */
export async function findCustomerByProviderId(
  db: Queryable,
  p: { provider: PaymentProviderId; customerId: string },
) {
  const [row] = await db
    .select({ workspaceId: billingCustomers.workspaceId, subscriptionId: billingCustomers.subscriptionId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, p.provider), eq(billingCustomers.customerId, p.customerId)));
  return row;
}

/** Records the customer unless a concurrent request already did; the caller reads the winner back. */
export async function insertCustomer(
  db: Queryable,
  p: { workspaceId: string; provider: PaymentProviderId; customerId: string; now: Date },
) {
  await db
    .insert(billingCustomers)
    .values({ workspaceId: p.workspaceId, provider: p.provider, customerId: p.customerId, createdAt: p.now })
    .onConflictDoNothing();
}

/** The customer's subscription now; null when none (its plan was granted instead). */
export async function setCustomerSubscription(
  db: Queryable,
  p: { workspaceId: string; provider: PaymentProviderId; subscriptionId: string | null },
) {
  await db
    .update(billingCustomers)
    .set({ subscriptionId: p.subscriptionId })
    .where(and(eq(billingCustomers.workspaceId, p.workspaceId), eq(billingCustomers.provider, p.provider)));
}

/** The workspace's subscriptions at its providers (at most one per provider). */
export async function findProviderSubscriptions(db: Queryable, p: { workspaceId: string }) {
  const rows = await db
    .select({ provider: billingCustomers.provider, subscriptionId: billingCustomers.subscriptionId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.workspaceId, p.workspaceId), isNotNull(billingCustomers.subscriptionId)));
  return rows.flatMap((row) => (row.subscriptionId ? [{ ...row, subscriptionId: row.subscriptionId }] : []));
}
