import { type PaymentMethod, unwrap } from "@brandscope/api-client";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { brandingKeys } from "../branding/queries";
import { subscriptionKeys } from "../subscriptions/queries";
import { userKeys } from "../user/queries";
import { billingProblem, type CheckoutSteps } from "./checkout";
import { billingKeys } from "./queries";

/**
 * docs/product.md §4's last step before closing: refresh payment methods and user details (and the
 * subscriptions, and the branding, which a plan change starts or stops applying).
 */
export function refreshBilling(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
    queryClient.invalidateQueries({ queryKey: userKeys.me() }),
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    queryClient.invalidateQueries({ queryKey: brandingKeys.all }),
  ]);
}

/** The server calls of the checkout sequence (checkout.ts), bound to the app's client and cache. */
export function checkoutSteps(queryClient: QueryClient, close: () => void): CheckoutSteps {
  return {
    requestSetupIntent: () => unwrap(api.POST("/subscriptions/intent")),
    savePaymentMethod: (paymentMethodId) =>
      unwrap(api.POST("/subscriptions/customers/payment-methods", { body: { paymentMethodId } })),
    subscribe: (productId) => unwrap(api.POST("/subscriptions", { body: { productId } })),
    refresh: () => refreshBilling(queryClient),
    close,
  };
}

/** The sandbox provider's card confirmation: the card's details against the setup secret → a payment method id. */
export async function confirmSandboxSetup(body: {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}): Promise<string> {
  const { paymentMethodId } = await unwrap(api.POST("/subscriptions/sandbox/confirm-setup", { body }));
  return paymentMethodId;
}

function usePaymentMethodChange(
  path:
    | "/subscriptions/customers/payment-methods/remove"
    | "/subscriptions/customers/payment-methods/default",
  success: (method: PaymentMethod) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: PaymentMethod) => unwrap(api.POST(path, { body: { paymentMethodId: method.id } })),
    onSuccess: (methods, method) => {
      queryClient.setQueryData(billingKeys.paymentMethods(), methods);
      notify.success(success(method), { id: "payment-method-changed" });
    },
    onError: (error) => {
      notify.warning(billingProblem(error), {
        id: "payment-method-failed",
        title: "We could not change your payment methods",
        duration: Number.POSITIVE_INFINITY,
      });
    },
  });
}

export const useRemovePaymentMethodMutation = () =>
  usePaymentMethodChange(
    "/subscriptions/customers/payment-methods/remove",
    (method) => `The card ending in ${method.last4} has been removed.`,
  );

export const useSetDefaultPaymentMethodMutation = () =>
  usePaymentMethodChange(
    "/subscriptions/customers/payment-methods/default",
    (method) => `The card ending in ${method.last4} is now your default.`,
  );

export type SalesContactValues = {
  email: string;
  name: string;
  companyName: string;
  role: string;
  industry: string;
  category: string;
};

export function useContactSalesMutation() {
  return useMutation({
    mutationFn: (values: SalesContactValues) =>
      unwrap(
        api.POST("/sales/contact", {
          body: {
            email: values.email.trim(),
            name: values.name.trim(),
            companyName: values.companyName.trim(),
            role: values.role.trim(),
            industry: values.industry,
            category: values.category,
          },
        }),
      ),
  });
}

/** The owner's Cancel plan and Resume: the answer is the plan now, put in the subscriptions' cache at once. */
function usePlanCancellation(path: "/subscriptions/cancel" | "/subscriptions/resume") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST(path)),
    onSuccess: (entry) => {
      queryClient.setQueryData(subscriptionKeys.list(), [entry]);
      void refreshBilling(queryClient);
    },
  });
}

export const useCancelPlanMutation = () => usePlanCancellation("/subscriptions/cancel");
export const useResumePlanMutation = () => usePlanCancellation("/subscriptions/resume");
