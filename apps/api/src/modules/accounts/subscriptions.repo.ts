import { and, eq, inArray, lte, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type planTypes, type subscriptionStatuses, subscriptions } from "../../db/schema";

type PlanType = (typeof planTypes)[number];
type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export async function insertSubscription(
  db: Queryable,
  p: { workspaceId: string; plan: PlanType; status: SubscriptionStatus; endDate: Date | null; now: Date },
) {
  await db.insert(subscriptions).values({
    workspaceId: p.workspaceId,
    plan: p.plan,
    status: p.status,
    endDate: p.endDate,
    createdAt: p.now,
    updatedAt: p.now,
  });
}

const subscriptionFields = {
  plan: subscriptions.plan,
  status: subscriptions.status,
  endDate: subscriptions.endDate,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  granted: subscriptions.granted,
  updatedAt: subscriptions.updatedAt,
};

export async function findSubscription(db: Queryable, p: { workspaceId: string }) {
  const [row] = await db
    .select(subscriptionFields)
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, p.workspaceId));
  return row;
}

/** Holds the workspace's subscription row until the transaction ends: plan changes happen one at a time. */
export async function lockSubscription(db: Queryable, p: { workspaceId: string }) {
  const [row] = await db
    .select(subscriptionFields)
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, p.workspaceId))
    .for("update");
  return row;
}

/**
 * Changes the plan. A new plan (`plan` given) starts without a scheduled cancellation unless it says otherwise, and
 * is a provider's unless `granted`.
 */
export async function updateSubscription(
  db: Queryable,
  p: {
    workspaceId: string;
    plan?: PlanType;
    status: SubscriptionStatus;
    endDate?: Date | null;
    cancelAtPeriodEnd?: boolean;
    granted?: boolean;
    now: Date;
  },
) {
  await db
    .update(subscriptions)
    .set({
      status: p.status,
      updatedAt: p.now,
      ...(p.plan ? { plan: p.plan, cancelAtPeriodEnd: false, granted: false } : {}),
      ...(p.endDate !== undefined ? { endDate: p.endDate } : {}),
      ...(p.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: p.cancelAtPeriodEnd } : {}),
      ...(p.granted !== undefined ? { granted: p.granted } : {}),
    })
    .where(eq(subscriptions.workspaceId, p.workspaceId));
}

/** Trials whose end date has passed become deactivated (docs/decisions.md "Plans and trials": the expired banner). */
export async function deactivateEndedTrials(db: Queryable, p: { now: Date }) {
  return db
    .update(subscriptions)
    .set({ status: "deactivated", updatedAt: p.now })
    .where(
      and(
        eq(subscriptions.plan, "starter"),
        eq(subscriptions.status, "active"),
        lte(subscriptions.endDate, p.now),
      ),
    )
    .returning({ workspaceId: subscriptions.workspaceId });
}

/**
 * Active paid plans whose period has ended: the sandbox renews them (Stripe renews its own). Plans that end
 * rather than renew (cancelled by the owner, or granted by an operator) are `endPlansDue`'s.
 */
export async function findDuePaidSubscriptions(db: Queryable, p: { now: Date }) {
  return db
    .select({ workspaceId: subscriptions.workspaceId, endDate: subscriptions.endDate })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.plan, ["professional", "enterprise"]),
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        eq(subscriptions.granted, false),
        lte(subscriptions.endDate, p.now),
      ),
    );
}

/**
 * Paid plans cancelled by their owner (already `cancelled`, their end still pending) or granted by an operator
 * whose end date has passed end: `cancelled` with nothing pending. The workspace is on Starter's limits from the
 * end date on whether or not this has run (billing/plan-limits.ts); this is when the sandbox's subscription ends.
 */
export async function endPlansDue(db: Queryable, p: { now: Date }) {
  return db
    .update(subscriptions)
    .set({ status: "cancelled", cancelAtPeriodEnd: false, updatedAt: p.now })
    .where(
      and(
        inArray(subscriptions.plan, ["professional", "enterprise"]),
        or(
          eq(subscriptions.cancelAtPeriodEnd, true),
          and(eq(subscriptions.granted, true), inArray(subscriptions.status, ["active", "payment-error"])),
        ),
        lte(subscriptions.endDate, p.now),
      ),
    )
    .returning({
      workspaceId: subscriptions.workspaceId,
      plan: subscriptions.plan,
      granted: subscriptions.granted,
    });
}
