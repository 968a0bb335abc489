import { CreditCard } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { Badge } from "./badge";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

export type PaymentMethodItem = {
  id: string;
  /** The card network as the provider names it: 'visa', 'mastercard', 'amex'… */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
};

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** 'visa' → 'Visa'; an unknown brand keeps its name with a capital first letter. */
export function cardBrandName(brand: string): string {
  const known = brandNames[brand.toLowerCase()];
  if (known) return known;
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : "Card";
}

/** 4, 2029 → '04/29'. */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
}

export type PaymentMethodListProps = Omit<React.ComponentProps<"ul">, "children"> & {
  methods: readonly PaymentMethodItem[];
  onRemove?: (method: PaymentMethodItem) => void;
  onMakeDefault?: (method: PaymentMethodItem) => void;
  /** The card whose change is on its way: its buttons are busy, the others wait. */
  pendingId?: string;
  /** Shown when there is no card. */
  emptyTitle?: React.ReactNode;
  emptyDescription?: React.ReactNode;
  emptyAction?: React.ReactNode;
};

/**
 * Saved cards: brand, last 4 digits, expiry and a 'Default' badge, with 'Make default' (not on the default one)
 * and 'Remove' for each, described by the card's name. An empty state when there is none.
 */
export function PaymentMethodList({
  className,
  methods,
  onRemove,
  onMakeDefault,
  pendingId,
  emptyTitle = "No payment method yet",
  emptyDescription = "A card you add when you upgrade shows here.",
  emptyAction,
  "aria-label": ariaLabel = "Payment methods",
  ...props
}: PaymentMethodListProps) {
  if (methods.length === 0) {
    return (
      <EmptyState
        data-slot="payment-method-list-empty"
        icon={<CreditCard />}
        title={emptyTitle}
        description={emptyDescription}
        action={emptyAction}
      />
    );
  }
  return (
    <ul
      data-slot="payment-method-list"
      aria-label={ariaLabel}
      className={cn("divide-border flex flex-col divide-y rounded-lg border", className)}
      {...props}
    >
      {methods.map((method) => {
        const name = `${cardBrandName(method.brand)} ending in ${method.last4}`;
        const busy = pendingId === method.id;
        const waiting = pendingId !== undefined && !busy;
        const nameId = `payment-method-${method.id}`;
        return (
          <li
            key={method.id}
            data-slot="payment-method"
            aria-label={name}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
          >
            <CreditCard className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center gap-2 text-sm font-medium">
                <span id={nameId}>{name}</span>
                {method.isDefault ? (
                  <Badge tone="success" size="sm">
                    Default
                  </Badge>
                ) : null}
              </span>
              <span className="text-muted-foreground text-xs">
                Expires {formatCardExpiry(method.expMonth, method.expYear)}
              </span>
            </div>
            <div className="flex items-center gap-2">
              {onMakeDefault && !method.isDefault ? (
                <Button
                  emphasis="secondary"
                  size="sm"
                  loading={busy}
                  disabled={waiting}
                  aria-describedby={nameId}
                  onClick={() => onMakeDefault(method)}
                >
                  Make default
                </Button>
              ) : null}
              {onRemove ? (
                <Button
                  emphasis="ghost"
                  size="sm"
                  disabled={busy || waiting}
                  aria-describedby={nameId}
                  onClick={() => onRemove(method)}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
