import type { components } from "@brandscope/api-client/schema";
import type { Queryable } from "../../db/client";
import { signedIn } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findSubscription, lockSubscription, updateSubscription } from "../accounts";
import { requireBillingOwner } from "./billing-owner";
import { cancelAtProvider } from "./cancel-subscription";
import { findCustomer, setCustomerSubscription } from "./customers.repo";
import { findDefaultCard } from "./payment-methods.repo";
import { isPlanRunning } from "./plan-limits";
import { planOf, plans } from "./plans";
import { effectiveStatus } from "./subscription-status";

type Schemas = components["schemas"];
type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

/** Enterprise is sold through sales: its card opens the configured contact form, or the in-app one. */
export function listProducts(ctx: RequestCtx): Schemas["Product"][] {
  return plans.map((plan) =>
    plan.type === "enterprise" ? { ...plan, actionUrl: ctx.config.salesContactUrl ?? null } : plan,
  );
}

export function entryOf(subscription: SubscriptionRow, now: Date): Schemas["SubscriptionEntry"] {
  const plan = planOf(subscription.plan);
  return {
    name: plan.name,
    price: plan.price,
    productId: plan.productId,
    type: plan.type,
    status: effectiveStatus(subscription, now),
    endDate: subscription.endDate?.toISOString() ?? null,
    // Cancelled and still running until endDate (docs/decisions.md "Cancelling"): the status says `cancelled` too.
    cancelAtPeriodEnd: subscription.status === "cancelled" && isPlanRunning(subscription, now),
    granted: subscription.granted,
  };
}

export async function listSubscriptions(ctx: RequestCtx): Promise<Schemas["SubscriptionEntry"][]> {
  const subscription = await findSubscription(ctx.db, { workspaceId: signedIn(ctx).workspaceId });
  return subscription ? [entryOf(subscription, ctx.clock.now())] : [];
}

const invalidProduct = () => new AppError("INVALID_PRODUCT", 400, "Invalid subscription product");

export const planChanged = () =>
  new AppError(
    "PLAN_CHANGED",
    409,
    "Your plan changed while we were processing your payment. Please check your plan and try again.",
  );

/**
 * Step 5 of the checkout (docs/product.md §4): the workspace moves to the paid plan, charged to its default card. The
 * provider is called outside any transaction (it may take 20 s with its retries; a held row lock and connection
 * per call would soon exhaust the pool). Its idempotency key is made of what was read before the call, so a double
 * submit gets the provider's one subscription back, and the result is recorded under the subscription row's lock
 * only if nothing else recorded one meanwhile.
 */
export async function subscribe(
  ctx: RequestCtx,
  body: Schemas["SubscribeRequest"],
): Promise<Schemas["SubscriptionEntry"]> {
  const { workspaceId } = await requireBillingOwner(ctx);
  const product = plans.find((plan) => plan.productId === body.productId);
  if (!product || product.type === "starter") throw invalidProduct();
  if (product.type === "enterprise") {
    throw new AppError("SALES_ONLY", 400, "Enterprise is sold through our sales team: please talk to sales.");
  }
  const paidPlan = product.type;
  const provider = ctx.payments(ctx.db);
  const now = ctx.clock.now();
  const current = await findSubscription(ctx.db, { workspaceId });
  if (!current) throw invalidProduct();
  // The plan already runs (a cancelled one until its end date: Resume, not a second subscription, brings it back).
  if (
    current.plan === paidPlan &&
    isPlanRunning(current, now) &&
    effectiveStatus(current, now) !== "payment-error"
  ) {
    return entryOf(current, now);
  }
  const card = await findDefaultCard(ctx.db, { workspaceId });
  const customer = await findCustomer(ctx.db, { workspaceId, provider: provider.id });
  if (!card || !customer) {
    throw new AppError("NO_PAYMENT_METHOD", 400, "Please add a card before subscribing.");
  }
  const created = await provider.createSubscription({
    customerId: customer.customerId,
    plan: paidPlan,
    paymentMethodId: card.id,
    idempotencyKey: `subscribe:${workspaceId}:${paidPlan}:${card.id}:${current.updatedAt.getTime()}`,
  });
  const recorded = await ctx.db.transaction(async (tx) => {
    await lockSubscription(tx, { workspaceId });
    const latest = await findCustomer(tx, { workspaceId, provider: provider.id });
    // A double submit recorded this very subscription first: answer with the plan it set.
    if (latest?.subscriptionId === created.id) return { recorded: true, replaced: null } as const;
    // Something else recorded a subscription while the provider answered: this one is nobody's.
    if (latest?.subscriptionId !== customer.subscriptionId) return { recorded: false } as const;
    await setCustomerSubscription(tx, { workspaceId, provider: provider.id, subscriptionId: created.id });
    await updateSubscription(tx, {
      workspaceId,
      plan: paidPlan,
      status: "active",
      endDate: created.currentPeriodEnd,
      now: ctx.clock.now(),
    });
    // A plan that failed to renew is replaced by the new one: the old must not be charged again.
    return { recorded: true, replaced: customer.subscriptionId } as const;
  });
  if (!recorded.recorded) {
    await cancelAtProvider(ctx, { provider: provider.id, subscriptionId: created.id });
    throw planChanged();
  }
  if (recorded.replaced) {
    await cancelAtProvider(ctx, { provider: provider.id, subscriptionId: recorded.replaced });
  }
  const updated = await findSubscription(ctx.db, { workspaceId });
  if (!updated) throw invalidProduct();
  return entryOf(updated, ctx.clock.now());
}

/** For tests and jobs that need the plan as the API reports it. */
export async function subscriptionEntry(db: Queryable, p: { workspaceId: string; now: Date }) {
  const subscription = await findSubscription(db, p);
  return subscription ? entryOf(subscription, p.now) : undefined;
}
