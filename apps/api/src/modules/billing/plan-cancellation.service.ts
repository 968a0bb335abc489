import type { components } from "@brandscope/api-client/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findSubscription, lockSubscription, updateSubscription } from "../accounts/subscriptions.repo";
import { entryOf, planChanged } from "./billing.service";
import { requireBillingOwner } from "./billing-owner";
import { findCustomer } from "./customers.repo";

type SubscriptionEntry = components["schemas"]["SubscriptionEntry"];
type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

/** A paid plan its provider renews and that has not ended: the only kind an owner cancels or resumes. */
function isRunningPaidPlan(
  subscription: SubscriptionRow | undefined,
  now: Date,
): subscription is SubscriptionRow {
  return (
    subscription !== undefined &&
    subscription.plan !== "starter" &&
    !subscription.granted &&
    subscription.status !== "cancelled" &&
    subscription.status !== "deactivated" &&
    (subscription.endDate === null || subscription.endDate > now)
  );
}

/**
 * The owner's Cancel plan (`cancel` true) and Resume (false), docs/decisions.md "Plans and trials": the provider is
 * told first, outside any transaction (as for subscribing); the flag is recorded under the plan's lock only if the
 * subscription is still the one told.
 */
async function setCancellation(ctx: RequestCtx, cancel: boolean): Promise<SubscriptionEntry> {
  const { workspaceId } = await requireBillingOwner(ctx);
  const now = ctx.clock.now();
  const current = await findSubscription(ctx.db, { workspaceId });
  if (!isRunningPaidPlan(current, now)) {
    throw cancel
      ? new AppError(
          "NOTHING_TO_CANCEL",
          409,
          "There is no paid plan to cancel: the workspace is on Starter.",
        )
      : new AppError(
          "NOTHING_TO_RESUME",
          409,
          "The plan has ended and can no longer be resumed: choose a plan to upgrade again.",
        );
  }
  if (current.cancelAtPeriodEnd === cancel) return entryOf(current, now);
  const provider = ctx.payments(ctx.db);
  const customer = await findCustomer(ctx.db, { workspaceId, provider: provider.id });
  if (!customer?.subscriptionId) throw planChanged();
  await provider.setCancelAtPeriodEnd({ subscriptionId: customer.subscriptionId, cancel });
  const recorded = await ctx.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, { workspaceId });
    const latest = await findCustomer(tx, { workspaceId, provider: provider.id });
    if (!locked || latest?.subscriptionId !== customer.subscriptionId) return false;
    await updateSubscription(tx, {
      workspaceId,
      status: locked.status,
      cancelAtPeriodEnd: cancel,
      now: ctx.clock.now(),
    });
    return true;
  });
  if (!recorded) throw planChanged();
  ctx.log.info(
    {
      event: cancel ? "billing.plan-cancelled" : "billing.plan-resumed",
      workspaceId,
      endDate: current.endDate,
    },
    cancel ? "Plan cancelled at the end of its period" : "Cancelled plan resumed",
  );
  const updated = await findSubscription(ctx.db, { workspaceId });
  if (!updated) throw planChanged();
  return entryOf(updated, ctx.clock.now());
}

export const cancelPlan = (ctx: RequestCtx) => setCancellation(ctx, true);
export const resumePlan = (ctx: RequestCtx) => setCancellation(ctx, false);
