import { and, eq, inArray, lte } from "drizzle-orm";
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

export async function updateSubscription(
  db: Queryable,
  p: { workspaceId: string; plan?: PlanType; status: SubscriptionStatus; endDate?: Date | null; now: Date },
) {
  await db
    .update(subscriptions)
    .set({
      status: p.status,
      updatedAt: p.now,
      ...(p.plan ? { plan: p.plan } : {}),
      ...(p.endDate !== undefined ? { endDate: p.endDate } : {}),
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

/** Active paid plans whose period has ended: the sandbox renews them (Stripe renews its own). */
export async function findDuePaidSubscriptions(db: Queryable, p: { now: Date }) {
  return db
    .select({ workspaceId: subscriptions.workspaceId, endDate: subscriptions.endDate })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.plan, ["professional", "enterprise"]),
        eq(subscriptions.status, "active"),
        lte(subscriptions.endDate, p.now),
      ),
    );
}
