import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type planTypes, type subscriptionStatuses, subscriptions } from "../../db/schema";

export async function insertSubscription(
  db: Queryable,
  p: {
    workspaceId: string;
    plan: (typeof planTypes)[number];
    status: (typeof subscriptionStatuses)[number];
    endDate: Date | null;
    now: Date;
  },
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

export async function findSubscription(db: Queryable, p: { workspaceId: string }) {
  const [row] = await db
    .select({ plan: subscriptions.plan, status: subscriptions.status, endDate: subscriptions.endDate })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, p.workspaceId));
  return row;
}
