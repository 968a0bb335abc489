import * as React from "react";
import type { PaymentForm } from "./checkout";
import type { PaymentFormState } from "./payment-form";

/** What a form around a provider's card form keeps: the card form's handle, and whether it is ready and complete. */
export function usePaymentForm() {
  const payment = React.useRef<PaymentForm | null>(null);
  const register = React.useCallback((next: PaymentForm | null) => {
    payment.current = next;
  }, []);
  const [state, setState] = React.useState<PaymentFormState>({ ready: false, complete: false });
  return { payment, register, state, setState };
}

/** Why the last payment attempt failed, above its submit button. */
export function PaymentProblem({ problem }: { problem: string | undefined }) {
  return problem ? (
    <p
      role="alert"
      className="border-destructive/40 bg-destructive/5 text-destructive-strong rounded-md border px-3 py-2.5 text-sm"
    >
      {problem}
    </p>
  ) : null;
}
