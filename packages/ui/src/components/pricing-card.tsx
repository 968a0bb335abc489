import { Check } from "lucide-react";
import * as React from "react";
import { cn } from "../lib/cn";
import { formatCurrency } from "../lib/format";
import { Badge } from "./badge";

/** The billing enumeration (docs/product.md §3 "Enumerations"). */
export type ChargeType = "per_month" | "per_year";

/** What follows the amount: '/ Monthly' or '/ Yearly' (docs/product.md §9 writes the yearly one this way). */
export const chargeTypeLabels: Record<ChargeType, string> = {
  per_month: "/ Monthly",
  per_year: "/ Yearly",
};

/** 0 → 'Free'; otherwise the currency symbol then the amount, without cents when there are none: '$89'. */
export function formatPlanPrice(amount: number, currency = "USD"): string {
  return amount === 0 ? "Free" : formatCurrency(amount, { currency });
}

export type PricingCardProps = Omit<React.ComponentProps<"article">, "title"> & {
  /** The plan's name, e.g. 'Professional'. */
  title: string;
  description?: React.ReactNode;
  /** The amount in the currency's main unit; 0 shows 'Free'. */
  price: number;
  /** ISO 4217 code; USD by default. */
  currency?: string;
  chargeType?: ChargeType;
  /** The line above the list, e.g. 'Everything in Starter, plus:'. */
  featureInfo?: React.ReactNode;
  features?: readonly React.ReactNode[];
  /** The user's current plan: shows the 'Active' badge. */
  current?: boolean;
  /** The button (or a link styled as one, through Button's asChild); the card gives it the full width. */
  action?: React.ReactNode;
  /** The element of the plan's name: h3 under a page's or a dialog's h2 by default. */
  headingLevel?: "h2" | "h3" | "h4";
};

/** One plan in the pricing section. */
export function PricingCard({
  className,
  title,
  description,
  price,
  currency = "USD",
  chargeType = "per_month",
  featureInfo,
  features = [],
  current = false,
  action,
  headingLevel: Heading = "h3",
  ...props
}: PricingCardProps) {
  const titleId = React.useId();
  const free = price === 0;
  return (
    <article
      data-slot="pricing-card"
      data-current={current || undefined}
      aria-labelledby={titleId}
      className={cn(
        "bg-card text-card-foreground flex flex-col gap-6 rounded-lg border p-6",
        current && "border-primary ring-primary/20 ring-2",
        className,
      )}
      {...props}
    >
      <header data-slot="pricing-card-header" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Heading id={titleId} className="text-lg font-semibold">
            {title}
          </Heading>
          {current ? (
            <Badge data-slot="pricing-card-badge" tone="success">
              Active
            </Badge>
          ) : null}
        </div>
        {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      </header>
      <p data-slot="pricing-card-price" className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-semibold tracking-tight tabular-nums">
          {formatPlanPrice(price, currency)}
        </span>
        {free ? null : (
          <span className="text-muted-foreground text-sm whitespace-nowrap">
            {chargeTypeLabels[chargeType]}
          </span>
        )}
      </p>
      {featureInfo || features.length > 0 ? (
        <div data-slot="pricing-card-features" className="flex flex-1 flex-col gap-3">
          {featureInfo ? <p className="text-sm font-medium">{featureInfo}</p> : null}
          {features.length > 0 ? (
            <ul className="flex flex-col gap-2 text-sm">
              {features.map((feature, index) => (
                // Features are plain texts in a fixed order: the index is a stable key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="flex items-start gap-2">
                  <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <div className="flex-1" />
      )}
      {action ? (
        <footer data-slot="pricing-card-action" className="flex flex-col [&>*]:w-full">
          {action}
        </footer>
      ) : null}
    </article>
  );
}
