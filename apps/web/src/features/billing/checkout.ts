import { ApiError, type components, errorMessage, type Product } from "@brandscope/api-client";

export type SetupIntent = components["schemas"]["SetupIntent"];

/** The company details of the checkout, handed to the card provider as the card's billing details. */
export type BillingDetails = {
  name: string;
  phone: string;
  address: {
    line1: string;
    line2?: string;
    city: string;
    postalCode: string;
    state?: string;
    country: string;
  };
};

/**
 * The payment-details form of the checkout, whichever provider runs it (the sandbox's card form or Stripe's card
 * element): it checks what was typed, then confirms the card setup against a setup secret.
 */
export interface PaymentForm {
  /** The first problem with what was typed (shown under the fields too), or null when the card can be sent. */
  validate(): string | null;
  /**
   * Confirms the card setup (no redirect unless the provider requires one); resolves to the payment method id.
   * `billing`: the checkout's company details, absent when only the card changes.
   */
  confirm(intent: SetupIntent, billing?: BillingDetails): Promise<string>;
}

export type CheckoutSteps = {
  /** POST /subscriptions/intent */
  requestSetupIntent: () => Promise<SetupIntent>;
  /** POST /subscriptions/customers/payment-methods */
  savePaymentMethod: (paymentMethodId: string) => Promise<unknown>;
  /** POST /subscriptions */
  subscribe: (productId: string) => Promise<unknown>;
  /** Refreshes payment methods and user details. */
  refresh: () => Promise<unknown>;
  /** Closes the dialog. */
  close: () => void;
};

export const INVALID_PRODUCT_MESSAGE = "Invalid subscription product";

export class CheckoutError extends Error {
  override name = "CheckoutError";
}

/** The Professional product's id from the products list, or an error naming it invalid. */
export function professionalProductId(products: readonly Pick<Product, "type" | "productId">[] | undefined) {
  const productId = products?.find((product) => product.type === "professional")?.productId;
  if (!productId) throw new CheckoutError(INVALID_PRODUCT_MESSAGE);
  return productId;
}

/**
 * docs/product.md §4's checkout submit sequence: validate the payment form; request a setup secret; confirm the
 * card setup; save the payment method; subscribe to the Professional product; refresh payment methods and user
 * details; close the dialog. The first failure stops it and is thrown, with the text to show (the card provider's
 * own message, e.g. 'Your card was declined.'); the caller shows it and lets the user try again.
 */
export async function submitCheckout({
  payment,
  billing,
  products,
  steps,
}: {
  payment: PaymentForm;
  billing: BillingDetails;
  products: readonly Pick<Product, "type" | "productId">[] | undefined;
  steps: CheckoutSteps;
}): Promise<void> {
  const problem = payment.validate();
  if (problem) throw new CheckoutError(problem);
  const productId = professionalProductId(products);
  const intent = await steps.requestSetupIntent();
  const paymentMethodId = await payment.confirm(intent, billing);
  await steps.savePaymentMethod(paymentMethodId);
  await steps.subscribe(productId);
  // The subscription is in place: a failed refresh must not read as a failed payment.
  await steps.refresh().catch(() => undefined);
  steps.close();
}

/**
 * "Change card": the same steps as the checkout's up to saving the card, which then becomes the default that the
 * next renewal charges; nothing is bought.
 */
export async function submitCardChange({
  payment,
  steps,
}: {
  payment: PaymentForm;
  steps: Pick<CheckoutSteps, "requestSetupIntent" | "savePaymentMethod" | "refresh" | "close">;
}): Promise<void> {
  const problem = payment.validate();
  if (problem) throw new CheckoutError(problem);
  const paymentMethodId = await payment.confirm(await steps.requestSetupIntent());
  await steps.savePaymentMethod(paymentMethodId);
  await steps.refresh().catch(() => undefined);
  steps.close();
}

/**
 * The text to show for a failed billing call: for a 4xx what the server said (a refused card's 'Your card was
 * declined.'), else the docs/product.md §8 catalogue text, never raw server text. (lib/problem.tsx's rule, kept
 * here so the billing chunk does not share that module with the sign-in route, whose bundle has a 150 KB budget.)
 */
export function billingProblem(error: unknown): string {
  if (error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500) {
    return error.serverMessage ?? error.message;
  }
  return errorMessage(error);
}

/**
 * The text of a checkout failure's toast: what the provider or the server said (a 4xx's message), else
 * docs/product.md §8's.
 */
export function checkoutProblem(error: unknown): string {
  if (error instanceof CheckoutError) return error.message;
  return billingProblem(error);
}
