import type { Product } from "@brandscope/api-client";
import { errorMessage } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { ModalBody, ModalDescription, ModalHeader, ModalTitle } from "@brandscope/ui/modal";
import { PricingCard } from "@brandscope/ui/pricing-card";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { useCanManageBilling, useCurrentSubscription } from "./current-plan";
import { productsOptions } from "./queries";

export type PricingSectionProps = {
  onCheckout: () => void;
  onContactSales: () => void;
  onClose: () => void;
};

/**
 * docs/product.md §2 "Pricing section": one card per plan, 'Active' on the current one. Starter has no button;
 * Professional opens the checkout (none when already on it); Enterprise opens its external contact form in a new
 * tab and closes the dialog, or, without one (actionUrl null), the 'Talk to sales' form.
 */
export function PricingSection({ onCheckout, onContactSales, onClose }: PricingSectionProps) {
  const products = useQuery(productsOptions());
  const { current } = useCurrentSubscription();
  const canManage = useCanManageBilling();

  function action(product: Product): React.ReactNode {
    if (product.type === current?.type || !canManage) return null;
    if (product.type === "professional") {
      return <Button onClick={onCheckout}>{product.actionText ?? "Upgrade"}</Button>;
    }
    if (product.type === "enterprise") {
      const label = product.actionText ?? "Talk to sales";
      if (product.actionUrl) {
        return (
          <Button asChild emphasis="secondary">
            <a href={product.actionUrl} target="_blank" rel="noopener noreferrer" onClick={onClose}>
              {label}
            </a>
          </Button>
        );
      }
      return (
        <Button emphasis="secondary" onClick={onContactSales}>
          {label}
        </Button>
      );
    }
    return null;
  }

  return (
    <>
      <ModalHeader>
        <ModalTitle className="text-2xl">Pricing</ModalTitle>
        <ModalDescription>Sign up to take your business to the next level</ModalDescription>
        {canManage ? null : (
          <p className="text-muted-foreground text-sm">Only your workspace's owner can change its plan.</p>
        )}
      </ModalHeader>
      <ModalBody>
        {products.data ? (
          <div className="grid gap-4 md:grid-cols-3">
            {products.data.map((product) => (
              <PricingCard
                key={product.productId}
                title={product.title || product.name}
                description={product.description}
                price={product.price}
                currency={product.currency}
                chargeType={product.chargeType}
                featureInfo={product.featureInfo}
                features={product.features}
                current={product.type === current?.type}
                action={action(product)}
              />
            ))}
          </div>
        ) : products.isError ? (
          <ErrorState
            title="We could not load the plans"
            message={errorMessage(products.error)}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        ) : (
          <div className="grid gap-4 md:grid-cols-3" role="status" aria-label="Loading the plans">
            <Skeleton className="h-96" />
            <Skeleton className="h-96" />
            <Skeleton className="h-96" />
          </div>
        )}
      </ModalBody>
    </>
  );
}
