import { type CardFieldName, CardFields } from "@brandscope/ui/card-fields";
import * as React from "react";
import { type CardValues, digitsOnly, parseExpiry, validateCard } from "./card";
import { CheckoutError } from "./checkout";
import { confirmSandboxSetup } from "./mutations";
import type { PaymentFormProps } from "./payment-form";

const allTouched = { number: true, expiry: true, cvc: true } as const;

/**
 * The built-in card form of sandbox payments (docs/decisions.md "Sandbox payments"): number (Luhn), expiry MM/YY in
 * the future and CVC are checked here before any call; the card is confirmed with POST
 * /subscriptions/sandbox/confirm-setup.
 */
export function SandboxCardForm({ register, onStateChange, disabled }: PaymentFormProps) {
  const [values, setValues] = React.useState<CardValues>({ number: "", expiry: "", cvc: "" });
  const [touched, setTouched] = React.useState<Partial<Record<CardFieldName, boolean>>>({});
  const errors = validateCard(values);
  const complete = Object.keys(errors).length === 0;
  const latest = React.useRef(values);
  latest.current = values;

  React.useEffect(() => {
    onStateChange({ ready: true, complete });
  }, [complete, onStateChange]);

  React.useEffect(() => {
    register({
      validate() {
        setTouched(allTouched);
        const problems = validateCard(latest.current);
        return problems.number ?? problems.expiry ?? problems.cvc ?? null;
      },
      async confirm(intent) {
        const card = latest.current;
        const expiry = parseExpiry(card.expiry);
        if (!expiry) throw new CheckoutError("Your card's expiration date is incomplete.");
        return confirmSandboxSetup({
          clientSecret: intent.clientSecret,
          cardNumber: digitsOnly(card.number),
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: card.cvc.trim(),
        });
      },
    });
    return () => register(null);
  }, [register]);

  return (
    <CardFields
      legend="Payment details"
      value={values}
      onValueChange={setValues}
      errors={errors}
      touched={touched}
      onFieldBlur={(name) => setTouched((current) => ({ ...current, [name]: true }))}
      disabled={disabled}
    />
  );
}
