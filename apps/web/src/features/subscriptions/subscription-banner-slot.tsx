import { errorMessage } from "@brandscope/api-client";
import { SubscriptionBanner } from "@brandscope/ui/subscription-banner";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { notify } from "~/lib/notify";
import { useUpgradeModal } from "../billing/upgrade-modal-provider";
import { useStoredValue } from "../modules/stored-area";
import { meOptions } from "../user/queries";
import { bannerFor } from "./banner-rule";
import { subscriptionsOptions } from "./queries";

const asText = (stored: unknown) => (typeof stored === "string" ? stored : undefined);

/**
 * The subscription banner above the content of the main layout (docs/product.md §2), hidden on /user/profile. Loads
 * the subscriptions on mount; a failure is a closable warning toast with the error text (docs/product.md §8). A
 * dismissed banner stays dismissed (the `subscription` area of local storage) until the state changes: another
 * variant, or another end date (a new trial end, a new period whose renewal failed).
 */
export function SubscriptionBannerSlot() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const upgrade = useUpgradeModal();
  const subscriptions = useQuery({ ...subscriptionsOptions(), refetchOnMount: "always", retry: false });
  const me = useQuery(meOptions());
  const [dismissed, setDismissed] = useStoredValue("subscription", "dismissedBanner", asText, "");

  useEffect(() => {
    if (subscriptions.isError) {
      notify.warning(errorMessage(subscriptions.error), {
        id: "subscriptions-failed",
        title: "We could not load your subscription",
        duration: Number.POSITIVE_INFINITY,
      });
    }
  }, [subscriptions.isError, subscriptions.error]);

  if (pathname === "/user/profile" || pathname.startsWith("/user/profile/")) return null;
  const subscription = subscriptions.data?.[0] ?? me.data?.subscription;
  const banner = bannerFor(subscription);
  if (!banner) return null;
  const state = `${banner.variant}:${subscription?.endDate ?? ""}`;
  if (dismissed === state) return null;
  return (
    <SubscriptionBanner
      // A new state is a new banner: one dismissed earlier does not hide it.
      key={banner.variant}
      className="mx-10 mt-6"
      variant={banner.variant}
      endsAt={banner.endsAt}
      onDismiss={() => setDismissed(state)}
      // A cancelled plan still running is resumed on the profile; one that has ended is bought again.
      actionLabel={banner.variant === "cancelled" && !banner.endsAt ? "Upgrade" : undefined}
      onAction={() => {
        const onProfile =
          banner.variant === "card_expired" || (banner.variant === "cancelled" && banner.endsAt);
        if (onProfile) void navigate({ to: "/user/profile" });
        else upgrade.open("pricing");
      }}
    />
  );
}
