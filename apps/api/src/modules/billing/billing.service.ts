import type { components } from "@brandscope/api-client/schema";
import type { RequestCtx } from "../../http/handler-types";
import { signedIn } from "../auth/auth.service";
import { planOf, plans } from "./plans";
import { effectiveStatus } from "./subscription-status";
import { findSubscription } from "./subscriptions.repo";

type Schemas = components["schemas"];

/** Enterprise is sold through sales: its card opens the configured contact form, or the in-app one. */
export function listProducts(ctx: RequestCtx): Schemas["Product"][] {
  return plans.map((plan) =>
    plan.type === "enterprise" ? { ...plan, actionUrl: ctx.config.salesContactUrl ?? null } : plan,
  );
}

export async function listSubscriptions(ctx: RequestCtx): Promise<Schemas["SubscriptionEntry"][]> {
  const subscription = await findSubscription(ctx.db, { workspaceId: signedIn(ctx).workspaceId });
  if (!subscription) return [];
  const plan = planOf(subscription.plan);
  return [
    {
      name: plan.name,
      price: plan.price,
      productId: plan.productId,
      type: plan.type,
      status: effectiveStatus(subscription, ctx.clock.now()),
      endDate: subscription.endDate?.toISOString() ?? null,
    },
  ];
}
