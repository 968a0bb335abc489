import type { components } from "@brandscope/api-client/schema";
import type { Db } from "../../db/client";
import { AppError } from "../../kernel/errors";
import { lockSubscription, updateSubscription } from "../accounts";
import { findProviderSubscriptions, setCustomerSubscription } from "./customers.repo";

type PlanType = components["schemas"]["PlanType"];
type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof lockSubscription>>>;

/** A paid plan that a payment provider renews: a grant on top of it would leave the owner paying for nothing. */
function isRenewingAtProvider(subscription: SubscriptionRow, now: Date): boolean {
  return (
    subscription.plan !== "starter" &&
    !subscription.granted &&
    (subscription.status === "active" || subscription.status === "payment-error") &&
    (subscription.endDate === null || subscription.endDate > now)
  );
}

/**
 * Sets a workspace's plan until `until`, as sales sold it (docs/operations.md "Granting a plan"): no payment
 * provider subscription, and the billing housekeeping returns a granted paid plan to Starter at its end date.
 * Starter is a trial until that date. Refused while the workspace pays for a plan that renews: its owner
 * cancels it first (it then runs out on its own).
 */
export async function grantPlan(
  db: Db,
  p: { workspaceId: string; plan: PlanType; until: Date; now: Date },
): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
  if (p.until <= p.now) {
    throw new AppError("VALIDATION_FAILED", 400, "The end date must be in the future");
  }
  return db.transaction(async (tx) => {
    const before = await lockSubscription(tx, { workspaceId: p.workspaceId });
    if (!before) throw new AppError("NOT_FOUND", 404, `The workspace ${p.workspaceId} has no plan`);
    if (isRenewingAtProvider(before, p.now)) {
      throw new AppError(
        "PLAN_RUNNING",
        409,
        `The workspace pays for ${before.plan} through its card, renewing ${before.endDate?.toISOString()}: ` +
          "the owner cancels it first (Billing, Cancel plan), then the grant replaces it.",
      );
    }
    // A cancelled subscription still running out at its provider no longer speaks for the plan: its events are
    // then those of a replaced subscription (webhook.service.ts).
    for (const running of await findProviderSubscriptions(tx, { workspaceId: p.workspaceId })) {
      await setCustomerSubscription(tx, { ...running, workspaceId: p.workspaceId, subscriptionId: null });
    }
    await updateSubscription(tx, {
      workspaceId: p.workspaceId,
      plan: p.plan,
      status: "active",
      endDate: p.until,
      granted: p.plan !== "starter",
      now: p.now,
    });
    const after = await lockSubscription(tx, { workspaceId: p.workspaceId });
    if (!after) throw new Error("The granted plan was not recorded");
    return { before, after };
  });
}
