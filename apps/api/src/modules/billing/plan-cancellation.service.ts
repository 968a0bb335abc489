import type { components } from "@brandscope/api-client/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findSubscription, lockSubscription, updateSubscription } from "../accounts";
import { entryOf, planChanged } from "./billing.service";
import { requireBillingOwner } from "./billing-owner";
import { findCustomer } from "./customers.repo";
import { isPlanRunning } from "./plan-limits";

type SubscriptionEntry = components["schemas"]["SubscriptionEntry"];
type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

/**
 * A paid plan its provider renews and that has not ended: the only kind an owner cancels or resumes. A cancelled
 * one still runs until its end date (docs/decisions.md "Cancelling"), so it can be resumed until then.
 */
function isRunningPaidPlan(
  subscription: SubscriptionRow | undefined,
  now: Date,
): subscription is SubscriptionRow {
  return (
    subscription !== undefined &&
    subscription.plan !== "starter" &&
    !subscription.granted &&
    subscription.status !== "deactivated" &&
    isPlanRunning(subscription, now) &&
    (subscription.endDate === null || subscription.endDate > now)
  );
}

/**
 * The owner's Cancel plan (`cancel` true) and Resume (false), docs/decisions.md "Cancelling": the provider is told
 * first, outside any transaction (as for subscribing); the plan becomes `cancelled` (or `active` again) under its
 * lock only if the subscription is still the one told.
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
  if ((current.status === "cancelled") === cancel) return entryOf(current, now);
  const provider = ctx.payments(ctx.db);
  const customer = await findCustomer(ctx.db, { workspaceId, provider: provider.id });
  if (!customer?.subscriptionId) throw planChanged();
  await provider.setCancelAtPeriodEnd({ subscriptionId: customer.subscriptionId, cancel });
  const recorded = await ctx.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, { workspaceId });
    const latest = await findCustomer(tx, { workspaceId, provider: provider.id });
    if (!locked || latest?.subscriptionId !== customer.subscriptionId) return false;
    await updateSubscription(tx, { workspaceId, ...cancellationOf(cancel), now: ctx.clock.now() });
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

/**
 * What cancelling (or resuming) records, here and for the provider's own webhooks (webhook.service.ts): the status
 * reads `cancelled` at once, and `cancelAtPeriodEnd` marks the end still to be carried out at the end date (the
 * billing housekeeping ends the sandbox's subscription then). A resumed plan is active: a failed renewal since
 * is reported again by the provider.
 */
export function cancellationOf(cancel: boolean) {
  return cancel
    ? ({ status: "cancelled", cancelAtPeriodEnd: true } as const)
    : ({ status: "active", cancelAtPeriodEnd: false } as const);
}

export const cancelPlan = (ctx: RequestCtx) => setCancellation(ctx, true);
export const resumePlan = (ctx: RequestCtx) => setCancellation(ctx, false);
