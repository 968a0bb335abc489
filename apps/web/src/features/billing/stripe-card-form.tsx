import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import * as React from "react";
import { CheckoutError } from "./checkout";
import type { PaymentFormProps } from "./payment-form";

// One Stripe.js per key for the page's life (loadStripe adds Stripe's script from its own host, once).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe's words for a card form it has not seen complete. */
const INCOMPLETE = "Your card details are incomplete.";

/** A theme colour as rgb(): Stripe's iframe does not read our variables, nor every colour syntax (oklch). */
function cssColor(name: string, fallback: string) {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!value || !context) return fallback;
  context.fillStyle = fallback;
  context.fillStyle = value;
  context.fillRect(0, 0, 1, 1);
  const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
  return `rgb(${red}, ${green}, ${blue})`;
}

function StripeCard({ register, onStateChange, disabled }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = React.useState(false);
  const [complete, setComplete] = React.useState(false);
  const [problem, setProblem] = React.useState<string | undefined>();
  const latest = React.useRef({ complete, problem });
  latest.current = { complete, problem };

  React.useEffect(() => {
    onStateChange({ ready: Boolean(stripe && elements && mounted), complete });
  }, [stripe, elements, mounted, complete, onStateChange]);

  React.useEffect(() => {
    if (!stripe || !elements) return;
    register({
      validate: () => latest.current.problem ?? (latest.current.complete ? null : INCOMPLETE),
      async confirm(intent, billing) {
        const card = elements.getElement(CardElement);
        if (!card) throw new CheckoutError(INCOMPLETE);
        const result = await stripe.confirmCardSetup(intent.clientSecret, {
          payment_method: {
            card,
            // A card changed outside the checkout is sent without the company's address, which Stripe does not need.
            ...(billing
              ? {
                  billing_details: {
                    name: billing.name,
                    phone: billing.phone,
                    address: {
                      line1: billing.address.line1,
                      line2: billing.address.line2 || undefined,
                      city: billing.address.city,
                      postal_code: billing.address.postalCode,
                      state: billing.address.state || undefined,
                      country: billing.address.country,
                    },
                  },
                }
              : {}),
          },
        });
        if (result.error) throw new CheckoutError(result.error.message ?? "Your card could not be set up.");
        const method = result.setupIntent.payment_method;
        if (!method) throw new CheckoutError("Your card could not be set up.");
        return typeof method === "string" ? method : method.id;
      },
    });
    return () => register(null);
  }, [stripe, elements, register]);

  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" disabled={disabled}>
      <legend className="text-foreground mb-4 text-base font-semibold">Payment details</legend>
      <span className="text-foreground text-sm font-medium">Card</span>
      <div className="border-input bg-background rounded-md border px-3 py-2.5 shadow-xs">
        <CardElement
          onReady={() => setMounted(true)}
          onChange={(event) => {
            setComplete(event.complete);
            setProblem(event.error?.message);
          }}
          options={{
            disabled,
            hidePostalCode: true,
            style: {
              base: {
                color: cssColor("--foreground", "#0f172a"),
                fontFamily: "Inter, sans-serif",
                fontSize: "14px",
                "::placeholder": { color: cssColor("--muted-foreground", "#64748b") },
              },
              invalid: { color: cssColor("--destructive", "#dc2626") },
            },
          }}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Stripe Elements' card form (when Stripe is configured); loaded only when the checkout opens. */
export default function StripeCardForm({
  publishableKey,
  ...props
}: PaymentFormProps & { publishableKey: string }) {
  const stripe = React.useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCard {...props} />
    </Elements>
  );
}
