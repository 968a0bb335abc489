import type { components } from "@brandscope/api-client/schema";
import type { Queryable } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestCtx } from "../../http/handler-types";
import { signedIn } from "../auth/auth.service";
import { requireBillingOwner } from "./billing-owner";
import { findCustomer, setCustomerSubscription } from "./customers.repo";
import { findDefaultCard } from "./payment-methods.repo";
import { planOf, plans } from "./plans";
import { effectiveStatus } from "./subscription-status";
import { findSubscription, lockSubscription, updateSubscription } from "./subscriptions.repo";

type Schemas = components["schemas"];
type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

/** Enterprise is sold through sales: its card opens the configured contact form, or the in-app one. */
export function listProducts(ctx: RequestCtx): Schemas["Product"][] {
  return plans.map((plan) =>
    plan.type === "enterprise" ? { ...plan, actionUrl: ctx.config.salesContactUrl ?? null } : plan,
  );
}

function entryOf(subscription: SubscriptionRow, now: Date): Schemas["SubscriptionEntry"] {
  const plan = planOf(subscription.plan);
  return {
    name: plan.name,
    price: plan.price,
    productId: plan.productId,
    type: plan.type,
    status: effectiveStatus(subscription, now),
    endDate: subscription.endDate?.toISOString() ?? null,
  };
}

export async function listSubscriptions(ctx: RequestCtx): Promise<Schemas["SubscriptionEntry"][]> {
  const subscription = await findSubscription(ctx.db, { workspaceId: signedIn(ctx).workspaceId });
  return subscription ? [entryOf(subscription, ctx.clock.now())] : [];
}

const invalidProduct = () => new AppError("INVALID_PRODUCT", 400, "Invalid subscription product");

/**
 * Step 5 of the checkout (spec §4): the workspace moves to the paid plan, charged to its default card. The
 * subscription row stays locked from the check to the update, so a double submit waits for the first and then
 * finds the plan already active instead of charging again; the provider's idempotency key covers a retried call.
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
  return ctx.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, { workspaceId });
    if (!current) throw invalidProduct();
    const now = ctx.clock.now();
    if (current.plan === paidPlan && effectiveStatus(current, now) === "active") return entryOf(current, now);
    const card = await findDefaultCard(tx, { workspaceId });
    const customer = await findCustomer(tx, { workspaceId, provider: provider.id });
    if (!card || !customer) {
      throw new AppError("NO_PAYMENT_METHOD", 400, "Please add a card before subscribing.");
    }
    const created = await provider.createSubscription({
      customerId: customer.customerId,
      plan: paidPlan,
      paymentMethodId: card.id,
      idempotencyKey: `subscribe:${workspaceId}:${paidPlan}:${card.id}:${current.updatedAt.getTime()}`,
    });
    // A plan that failed to renew is replaced by the new one: the old must not be charged again.
    if (customer.subscriptionId && customer.subscriptionId !== created.id) {
      await provider
        .cancelSubscription({ subscriptionId: customer.subscriptionId })
        .catch((error: unknown) => {
          ctx.log.warn({ err: error }, "The replaced subscription could not be cancelled at the provider");
        });
    }
    await setCustomerSubscription(tx, { workspaceId, provider: provider.id, subscriptionId: created.id });
    await updateSubscription(tx, {
      workspaceId,
      plan: paidPlan,
      status: "active",
      endDate: created.currentPeriodEnd,
      now,
    });
    const updated = await findSubscription(tx, { workspaceId });
    if (!updated) throw invalidProduct();
    return entryOf(updated, now);
  });
}

/** For tests and jobs that need the plan as the API reports it. */
export async function subscriptionEntry(db: Queryable, p: { workspaceId: string; now: Date }) {
  const subscription = await findSubscription(db, p);
  return subscription ? entryOf(subscription, p.now) : undefined;
}
