import type { SubscriptionBannerVariant } from "@brandscope/ui/subscription-banner";

/** The fields the rule reads: a subscription list entry or the user's own `subscription`. */
export type SubscriptionState = {
  type: "starter" | "professional" | "enterprise";
  status: "active" | "deactivated" | "payment-error" | "cancelled";
  endDate: string | null;
  /** Only in GET /subscriptions' entries: cancelled (status too) and still running until endDate. */
  cancelAtPeriodEnd?: boolean;
  /** Only in GET /subscriptions' entries: granted by an operator, without a card; ends at endDate. */
  granted?: boolean;
};

export type BannerState = { variant: SubscriptionBannerVariant; endsAt?: Date };

/**
 * The server's rule (docs/decisions.md "Cancelling"): a plan reads `cancelled` from the moment its owner cancels
 * it but runs, paid limits and all, until its end date.
 */
export function isPlanRunning(
  subscription: Pick<SubscriptionState, "status" | "endDate">,
  now: Date = new Date(),
): boolean {
  if (subscription.status !== "cancelled") return true;
  const endsAt = subscription.endDate ? new Date(subscription.endDate).getTime() : Number.NaN;
  return endsAt > now.getTime();
}

/** The plan whose limits apply: a cancelled plan's own until its end date, Starter's after. */
export function planInForce(
  subscription: SubscriptionState,
  now: Date = new Date(),
): SubscriptionState["type"] {
  return isPlanRunning(subscription, now) ? subscription.type : "starter";
}

/** docs/product.md §9: the about-to-expire banner shows during the last 5 days before the end date. */
export const EXPIRY_WARNING_MS = 5 * 24 * 60 * 60 * 1000;

/**
 * Which subscription banner shows, if any (docs/product.md §2 "Subscription banner",
 * docs/decisions.md "Plans and trials"):
 * - expired: a Starter plan whose status is not active (or whose end date has passed already);
 * - about_to_expire: an active Starter plan with more than 0 and at most 5 days left;
 * - card_expired: a paid plan whose renewal failed (status payment-error);
 * - cancelled: a paid plan its owner cancelled (status cancelled), with the day it ends while it runs, or without
 *   once it has ended;
 * - nothing otherwise.
 */
export function bannerFor(
  subscription: SubscriptionState | null | undefined,
  now: Date = new Date(),
): BannerState | null {
  if (!subscription) return null;
  if (subscription.type === "starter") {
    if (subscription.status !== "active") return { variant: "expired" };
    if (!subscription.endDate) return null;
    const endsAt = new Date(subscription.endDate);
    if (Number.isNaN(endsAt.getTime())) return null;
    const remaining = endsAt.getTime() - now.getTime();
    // The server turns a passed trial into `deactivated`; until its answer arrives, the clock says the same.
    if (remaining <= 0) return { variant: "expired" };
    if (remaining <= EXPIRY_WARNING_MS) return { variant: "about_to_expire", endsAt };
    return null;
  }
  if (subscription.status === "cancelled") {
    return isPlanRunning(subscription, now) && subscription.endDate
      ? { variant: "cancelled", endsAt: new Date(subscription.endDate) }
      : { variant: "cancelled" };
  }
  if (subscription.status === "payment-error") return { variant: "card_expired" };
  return null;
}
