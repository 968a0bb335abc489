import type * as React from "react";
import { cn } from "../lib/cn";
import { formatCurrency } from "../lib/format";
import type { ChargeType } from "./pricing-card";

/** The billing cycle as the checkout words it. */
export const billingCycleLabels: Record<ChargeType, string> = {
  per_month: "Monthly",
  per_year: "Yearly",
};

export type CheckoutSummaryProps = Omit<React.ComponentProps<"section">, "title"> & {
  /** The plan bought, e.g. 'Professional'. */
  planName: string;
  /** The plan's price in the currency's main unit: both the sub total and the total. */
  price: number;
  /** ISO 4217 code; USD by default. */
  currency?: string;
  chargeType?: ChargeType;
  /** Who the plan is for; 'Single user' by default. */
  users?: string;
  /** The heading; 'Billing details' by default. */
  title?: string;
};

function Row({ term, value, strong }: { term: string; value: React.ReactNode; strong?: boolean }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4 py-2", strong && "font-semibold")}>
      <dt className={strong ? "text-foreground" : "text-muted-foreground"}>{term}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The checkout's billing details (docs/product.md §2 "Checkout section"): the plan, 'Single user', the billing
 * cycle, then a Sub total and a Total both equal to the price, with Sales tax 'N/A'.
 */
export function CheckoutSummary({
  className,
  planName,
  price,
  currency = "USD",
  chargeType = "per_month",
  users = "Single user",
  title = "Billing details",
  ...props
}: CheckoutSummaryProps) {
  const amount = formatCurrency(price, { currency });
  return (
    <section
      data-slot="checkout-summary"
      aria-label={title}
      className={cn("bg-muted/40 flex flex-col gap-2 rounded-lg border p-5 text-sm", className)}
      {...props}
    >
      <h3 className="text-foreground text-base font-semibold">{title}</h3>
      <dl data-slot="checkout-summary-plan" className="divide-border flex flex-col divide-y">
        <Row term="Plan" value={planName} />
        <Row term="Users" value={users} />
        <Row term="Billing cycle" value={billingCycleLabels[chargeType]} />
      </dl>
      <dl data-slot="checkout-summary-amounts" className="divide-border flex flex-col divide-y border-t">
        <Row term="Sub total" value={amount} />
        <Row term="Sales tax" value="N/A" />
        <Row term="Total" value={amount} strong />
      </dl>
    </section>
  );
}
