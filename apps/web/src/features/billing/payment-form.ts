import type { PaymentForm } from "./checkout";

/** What a payment-details form tells the checkout: loaded, and filled in completely. */
export type PaymentFormState = { ready: boolean; complete: boolean };

/** The props of either provider's payment-details form. */
export type PaymentFormProps = {
  /** Hands the form's validate/confirm to the checkout (null on unmount). */
  register: (form: PaymentForm | null) => void;
  onStateChange: (state: PaymentFormState) => void;
  disabled?: boolean;
};
