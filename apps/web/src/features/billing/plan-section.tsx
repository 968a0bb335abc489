import { Badge, type BadgeProps } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { formatCurrency } from "@brandscope/ui/format";
import { useQuery } from "@tanstack/react-query";
import { isPlanRunning } from "../subscriptions/banner-rule";
import { useCanManageBilling, useCurrentSubscription } from "./current-plan";
import { PlanCancellation } from "./plan-cancellation";
import { productsOptions } from "./queries";
import { preloadUpgradeModal, useUpgradeModal } from "./upgrade-modal-provider";

const planNames = { starter: "Starter", professional: "Professional", enterprise: "Enterprise" } as const;

const statusWords: Record<string, { label: string; tone: NonNullable<BadgeProps["tone"]> }> = {
  active: { label: "Active", tone: "success" },
  deactivated: { label: "Expired", tone: "error" },
  "payment-error": { label: "Payment failed", tone: "error" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/** The profile's "Plan" section: the current plan, its status and end date, and the way to the plans. */
export function PlanSection() {
  const { current } = useCurrentSubscription();
  const products = useQuery(productsOptions());
  const canManage = useCanManageBilling();
  const upgrade = useUpgradeModal();
  if (!current) return null;
  const product = products.data?.find((entry) => entry.type === current.type);
  // One status: a cancelled plan still running until its end date reads Cancelled, as a warning.
  const status =
    current.status === "cancelled" && isPlanRunning(current)
      ? { label: "Cancelled", tone: "warning" as const }
      : (statusWords[current.status] ?? { label: current.status, tone: "neutral" as const });
  const starter = current.type === "starter";
  const ends = current.status === "cancelled" || current.granted;
  const endLabel = starter ? "Trial ends" : !isPlanRunning(current) ? "Ended" : ends ? "Ends" : "Renews";
  return (
    <div data-slot="plan-summary" className="flex flex-col gap-5">
      <dl className="grid grid-cols-[10rem_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted-foreground">Current plan</dt>
        <dd className="flex items-center gap-2 font-medium">
          <span data-testid="current-plan">{product?.title ?? planNames[current.type]}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
          {current.granted ? <Badge tone="neutral">Granted by Brandscope</Badge> : null}
        </dd>
        {product && product.price > 0 ? (
          <>
            <dt className="text-muted-foreground">Price</dt>
            <dd>
              {formatCurrency(product.price, { currency: product.currency })} /{" "}
              {product.chargeType === "per_year" ? "Yearly" : "Monthly"}
            </dd>
          </>
        ) : null}
        {current.endDate ? (
          <>
            <dt className="text-muted-foreground">{endLabel}</dt>
            <dd>{dateFormat.format(new Date(current.endDate))}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-start gap-3">
        {upgrade.available ? (
          starter && canManage ? (
            <Button onMouseEnter={preloadUpgradeModal} onClick={() => upgrade.open("pricing")}>
              Upgrade
            </Button>
          ) : (
            <Button
              emphasis="secondary"
              onMouseEnter={preloadUpgradeModal}
              onClick={() => upgrade.open("pricing")}
            >
              View plans
            </Button>
          )
        ) : null}
        {canManage ? <PlanCancellation current={current} /> : null}
      </div>
    </div>
  );
}
