import type { Tx } from "../../db/client";
import { type PaymentProviderId, webhookEvents } from "../../db/schema";
import type { RequestCtx } from "../../kernel/handler-types";
import type { BillingEvent } from "../../kernel/payment-provider";
import { findSubscription, updateSubscription } from "../accounts";
import { findCustomerByProviderId } from "./customers.repo";
import { cancellationOf } from "./plan-cancellation.service";

/**
 * A provider's event about a workspace's paid plan (docs/decisions.md "Plans and trials": a failed renewal is
 * payment-error; "Cancelling": a subscription set to end with its period is cancelled, running until then). Each event is applied once: its id is recorded in the same
 * transaction, so a replay (providers deliver at least once) is acknowledged and changes nothing.
 */
export async function handlePaymentWebhook(
  ctx: RequestCtx,
  p: { rawBody: string; signature: string | undefined },
): Promise<{ received: boolean }> {
  const provider = ctx.payments(ctx.db);
  const event = provider.parseWebhook(p);
  await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: provider.id, type: event.type, receivedAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!fresh || event.type === "ignored") return;
    await applyEvent(tx, ctx, provider.id, event);
  });
  return { received: true };
}

async function applyEvent(
  tx: Tx,
  ctx: RequestCtx,
  providerId: PaymentProviderId,
  event: Exclude<BillingEvent, { type: "ignored" }>,
) {
  const customer = await findCustomerByProviderId(tx, { provider: providerId, customerId: event.customerId });
  const about = { event: `billing.${event.type}`, eventId: event.id, subscriptionId: event.subscriptionId };
  if (!customer) {
    // A deleted workspace's subscription, which its deletion cancels (billing/cancel-subscription.ts). One still
    // running (or charging) there is cancelled again, in case that did not take: nobody pays for nothing.
    const running = event.type === "payment-failed" || event.status !== "cancelled";
    if (event.subscriptionId !== null && running) {
      await ctx.jobs.enqueue(
        "cancel-subscription",
        { provider: providerId, subscriptionId: event.subscriptionId },
        { tx },
      );
    }
    ctx.log.info(
      { ...about, cancelQueued: event.subscriptionId !== null && running },
      "Payment provider event for a customer that no longer exists: acknowledged",
    );
    return;
  }
  // Events of a subscription the workspace has since replaced say nothing about its plan now.
  if (event.subscriptionId !== null && event.subscriptionId !== customer.subscriptionId) {
    ctx.log.info(about, "Payment provider event for a replaced subscription: acknowledged");
    return;
  }
  const subscription = await findSubscription(tx, { workspaceId: customer.workspaceId });
  if (!subscription || subscription.plan === "starter") return;
  const now = ctx.clock.now();
  const workspaceId = customer.workspaceId;
  if (event.type === "payment-failed") {
    // A cancelled plan is not renewed: a late failure of an earlier invoice does not undo the cancellation.
    if (subscription.status !== "cancelled") {
      await updateSubscription(tx, { workspaceId, status: "payment-error", now });
    }
  } else if (event.status === "cancelled") {
    // Ended at the provider: nothing left to cancel. A subscription ended before its period's end (in the
    // provider's dashboard) ends now, not at the date it was paid up to, or its plan would keep running.
    const periodEnd = event.currentPeriodEnd;
    await updateSubscription(tx, {
      workspaceId,
      status: "cancelled",
      cancelAtPeriodEnd: false,
      endDate: periodEnd && periodEnd < now ? periodEnd : now,
      now,
    });
  } else if (event.status !== "unchanged" || event.cancelAtPeriodEnd !== null) {
    // A cancellation or resumption made in the provider's dashboard shows in the app as the owner's own does
    // (plan-cancellation.service.ts): `cancelled` until the end date, or active again. Otherwise a plan whose
    // cancellation is pending stays cancelled whatever its running status.
    const cancel = event.cancelAtPeriodEnd ?? subscription.cancelAtPeriodEnd;
    const running = event.status === "unchanged" ? subscription.status : event.status;
    await updateSubscription(tx, {
      workspaceId,
      ...(cancel
        ? cancellationOf(true)
        : running === "cancelled"
          ? cancellationOf(false)
          : { status: running, cancelAtPeriodEnd: false }),
      ...(event.currentPeriodEnd ? { endDate: event.currentPeriodEnd } : {}),
      now,
    });
  }
  ctx.log.info(
    { event: `billing.${event.type}`, workspaceId, eventId: event.id },
    "Payment provider event applied",
  );
}
