import { unwrap } from "@brandscope/api-client";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { api } from "~/lib/api";
import { billingProblem } from "./checkout";
import type { PaymentFormProps } from "./payment-form";
import { billingKeys } from "./queries";
import { SandboxCardForm } from "./sandbox-card-form";

// Stripe.js and its React bindings load only when payments run on Stripe.
const StripeCardForm = React.lazy(() => import("./stripe-card-form"));

/** Which provider takes the card, and Stripe's publishable key (POST /subscriptions/intent). */
const paymentProviderOptions = () => ({
  queryKey: [...billingKeys.all, "payment-provider"] as const,
  queryFn: () => unwrap(api.POST("/subscriptions/intent")),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

/**
 * The card form of whichever provider takes payments (Stripe's card element or the sandbox's): the checkout's and
 * "Change card"'s.
 */
export function ProviderCardForm({ register, onStateChange, disabled }: PaymentFormProps) {
  const provider = useQuery(paymentProviderOptions());
  if (provider.data?.provider === "stripe" && provider.data.publishableKey) {
    return (
      <React.Suspense fallback={<Skeleton className="h-24 w-full" />}>
        <StripeCardForm
          publishableKey={provider.data.publishableKey}
          register={register}
          onStateChange={onStateChange}
          disabled={disabled}
        />
      </React.Suspense>
    );
  }
  if (provider.data) {
    return <SandboxCardForm register={register} onStateChange={onStateChange} disabled={disabled} />;
  }
  if (provider.isError) {
    return (
      <ErrorState
        title="We could not prepare the payment form"
        message={billingProblem(provider.error)}
        onRetry={() => void provider.refetch()}
        retrying={provider.isFetching}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading the payment form">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}
