import type { components } from "@brandscope/api-client/schema";

type SubscriptionStatus = components["schemas"]["SubscriptionStatus"];
type PlanType = components["schemas"]["PlanType"];

/**
 * A trial whose end date has passed reads as deactivated (docs/decisions.md "Plans and trials": the expired banner)
 * even before the scheduled job has recorded it. A paid plan's end date is its renewal date: the provider says how
 * renewal went.
 */
export function effectiveStatus(
  subscription: { plan: PlanType; status: SubscriptionStatus; endDate: Date | null } | null | undefined,
  now: Date,
): SubscriptionStatus {
  if (!subscription) return "deactivated";
  const trialEnded =
    subscription.plan === "starter" && subscription.endDate !== null && subscription.endDate <= now;
  return subscription.status === "active" && trialEnded ? "deactivated" : subscription.status;
}
