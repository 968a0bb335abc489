import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const billingKeys = {
  all: ["billing"] as const,
  products: () => [...billingKeys.all, "products"] as const,
  paymentMethods: () => [...billingKeys.all, "payment-methods"] as const,
};

/** The plans on sale: Starter, Professional, Enterprise (GET /subscriptions/products). */
export const productsOptions = () =>
  queryOptions({
    queryKey: billingKeys.products(),
    queryFn: ({ signal }) => unwrap(api.GET("/subscriptions/products", { signal })),
    staleTime: 10 * 60 * 1000,
  });

/** The workspace's saved cards, default first (GET /subscriptions/customers/payment-methods). */
export const paymentMethodsOptions = () =>
  queryOptions({
    queryKey: billingKeys.paymentMethods(),
    queryFn: ({ signal }) => unwrap(api.GET("/subscriptions/customers/payment-methods", { signal })),
  });
