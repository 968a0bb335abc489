import { errorMessage } from "@brandscope/api-client";
import { ErrorState } from "@brandscope/ui/error-state";
import { PaymentMethodList } from "@brandscope/ui/payment-method-list";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { ChangeCardDialog } from "./change-card-dialog";
import { useCanManageBilling } from "./current-plan";
import { useRemovePaymentMethodMutation, useSetDefaultPaymentMethodMutation } from "./mutations";
import { paymentMethodsOptions } from "./queries";

/**
 * The profile's "Payment methods" section: saved cards, default first; remove one or make it the default, or change
 * the card (a new default).
 */
export function PaymentMethodsSection() {
  const methods = useQuery(paymentMethodsOptions());
  const remove = useRemovePaymentMethodMutation();
  const makeDefault = useSetDefaultPaymentMethodMutation();
  const canManage = useCanManageBilling();
  const pending = remove.isPending
    ? remove.variables
    : makeDefault.isPending
      ? makeDefault.variables
      : undefined;

  if (methods.data) {
    return (
      <div className="flex flex-col gap-4">
        <PaymentMethodList
          methods={methods.data}
          pendingId={pending?.id}
          onRemove={canManage ? (method) => remove.mutate(method) : undefined}
          onMakeDefault={canManage ? (method) => makeDefault.mutate(method) : undefined}
        />
        {/* A card is changed for a plan it pays for; before the first checkout there is none to change. */}
        {canManage && methods.data.length > 0 ? <ChangeCardDialog /> : null}
      </div>
    );
  }
  if (methods.isError) {
    return (
      <ErrorState
        title="We could not load your payment methods"
        message={errorMessage(methods.error)}
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  }
  return (
    <div className="flex flex-col gap-2" role="status" aria-label="Loading your payment methods">
      <Skeleton className="h-14 w-full" />
    </div>
  );
}
