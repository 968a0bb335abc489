import { cva } from "class-variance-authority";
import { CalendarX, CircleAlert, CreditCard, TriangleAlert, X } from "lucide-react";
import * as React from "react";
import { cn } from "../lib/cn";
import { formatRemainingTime } from "../lib/format";
import { Button } from "./button";

/** The banner types (docs/product.md §2 "Subscription banner"). */
export type SubscriptionBannerVariant = "expired" | "about_to_expire" | "card_expired" | "cancelled";

export const subscriptionBannerVariants = cva(
  [
    "text-foreground flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border px-4 py-3",
    "[&>[data-slot=subscription-banner-icon]]:size-5 [&>[data-slot=subscription-banner-icon]]:shrink-0",
  ],
  {
    variants: {
      tone: {
        warning:
          "border-warning/50 bg-warning/15 [&>[data-slot=subscription-banner-icon]]:text-warning-strong",
        error:
          "border-destructive/30 bg-destructive/10 [&>[data-slot=subscription-banner-icon]]:text-destructive",
      },
    },
    defaultVariants: { tone: "error" },
  },
);

type VariantSpec = {
  tone: "warning" | "error";
  dismissible: boolean;
  actionLabel: string;
  icon: React.ComponentType<React.SVGProps<SVGSVGElement>>;
  /** `remaining`: the time left, worded; `endsOn`: the end date, worded (cancelled). */
  title: (remaining?: string, endsOn?: string) => string;
  message: string;
};

const endDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

const variantSpecs: Record<SubscriptionBannerVariant, VariantSpec> = {
  expired: {
    tone: "error",
    dismissible: false,
    actionLabel: "Upgrade",
    icon: CircleAlert,
    title: () => "Your free trial has ended.",
    message: "Upgrade to keep following your brand, your competitors and your audience.",
  },
  about_to_expire: {
    tone: "warning",
    dismissible: true,
    actionLabel: "Upgrade",
    icon: TriangleAlert,
    title: (remaining) =>
      remaining ? `Your free trial ends in ${remaining}.` : "Your free trial ends soon.",
    message: "Upgrade now and your insights carry on without a break.",
  },
  card_expired: {
    tone: "error",
    dismissible: true,
    actionLabel: "Update",
    icon: CreditCard,
    title: () => "We couldn't renew your subscription.",
    message: "Your card was declined. Update your payment details to keep Professional running.",
  },
  cancelled: {
    tone: "warning",
    dismissible: true,
    actionLabel: "Resume",
    icon: CalendarX,
    title: (_remaining, endsOn) =>
      endsOn ? `Your plan is cancelled and ends on ${endsOn}.` : "Your plan has ended.",
    message:
      "Your workspace then returns to Starter: your data stays, and what goes beyond Starter's limits becomes read-only.",
  },
};

export type SubscriptionBannerProps = Omit<React.ComponentProps<"section">, "title"> & {
  variant: SubscriptionBannerVariant;
  /**
   * about_to_expire: the time left, already formatted ("3 days", e.g. with formatRemainingTime); read as
   * "Your free trial ends in 3 days."
   */
  remaining?: string;
  /**
   * about_to_expire: the subscription's end; the remaining time is worded from it when `remaining` is absent.
   * cancelled: the day the plan ends, shown as a date; without it the plan has ended.
   */
  endsAt?: Date;
  /** The moment to count from (tests and stories pin it); now by default. */
  now?: Date;
  /** Replaces the standard sentence under the title. */
  message?: React.ReactNode;
  /**
   * The button: 'Upgrade' (expired, about_to_expire) opens the plans; 'Update' (card_expired) and 'Resume'
   * (cancelled) the profile.
   */
  onAction?: () => void;
  /** Replaces the button's label (a cancelled plan that has ended offers 'Upgrade'). */
  actionLabel?: string;
  /** Called after the user dismisses the banner (about_to_expire and card_expired only); it then hides. */
  onDismiss?: () => void;
};

/**
 * The subscription notice above the page content. expired: error style, cannot be dismissed.
 * about_to_expire: warning style, dismissible, says how long is left. card_expired: error style, dismissible.
 * cancelled: warning style, dismissible, says on which day the plan ends (or that it has ended).
 */
export function SubscriptionBanner({
  className,
  variant,
  remaining,
  endsAt,
  now,
  message,
  onAction,
  actionLabel,
  onDismiss,
  ...props
}: SubscriptionBannerProps) {
  const [dismissed, setDismissed] = React.useState(false);
  const titleId = React.useId();
  if (dismissed) return null;
  const spec = variantSpecs[variant];
  const remainingText = remaining ?? (endsAt ? formatRemainingTime(now ?? new Date(), endsAt) : undefined);
  const Icon = spec.icon;
  return (
    <section
      data-slot="subscription-banner"
      data-variant={variant}
      aria-labelledby={titleId}
      className={cn(subscriptionBannerVariants({ tone: spec.tone }), className)}
      {...props}
    >
      <Icon data-slot="subscription-banner-icon" aria-hidden="true" />
      <p data-slot="subscription-banner-text" className="min-w-0 flex-1 text-sm">
        <strong id={titleId} className="font-semibold">
          {spec.title(remainingText, endsAt ? endDateFormat.format(endsAt) : undefined)}
        </strong>{" "}
        <span className="text-foreground/80">{message ?? spec.message}</span>
      </p>
      <div className="flex items-center gap-2">
        <Button data-slot="subscription-banner-action" size="sm" onClick={onAction}>
          {actionLabel ?? spec.actionLabel}
        </Button>
        {spec.dismissible ? (
          <Button
            data-slot="subscription-banner-dismiss"
            emphasis="ghost"
            size="sm"
            className="size-8 px-0"
            aria-label="Dismiss"
            onClick={() => {
              setDismissed(true);
              onDismiss?.();
            }}
          >
            <X />
          </Button>
        ) : null}
      </div>
    </section>
  );
}
