import type { components } from "@brandscope/api-client/schema";

type SubscriptionStatus = components["schemas"]["SubscriptionStatus"];

/** A subscription whose end date has passed reads as deactivated (decisions.md: the expired banner). */
export function effectiveStatus(
  subscription: { status: SubscriptionStatus; endDate: Date | null } | null | undefined,
  now: Date,
): SubscriptionStatus {
  if (!subscription) return "deactivated";
  const ended = subscription.endDate !== null && subscription.endDate <= now;
  return subscription.status === "active" && ended ? "deactivated" : subscription.status;
}
