import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BillingDetails, PaymentForm } from "./checkout";
import type { PaymentFormState } from "./payment-form";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type CardProps = {
  onReady?: () => void;
  onChange?: (event: { complete: boolean; error?: { message: string } }) => void;
};
const stripeMock = vi.hoisted(() => ({
  card: { props: {} as CardProps },
  stripe: { confirmCardSetup: vi.fn() },
  element: { id: "card-element" },
}));

vi.mock("@stripe/stripe-js", () => ({ loadStripe: vi.fn(async () => stripeMock.stripe) }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  useStripe: () => stripeMock.stripe,
  useElements: () => ({ getElement: () => stripeMock.element }),
  CardElement: (props: CardProps) => {
    stripeMock.card.props = props;
    return <div data-testid="card-element" />;
  },
}));

const { default: StripeCardForm } = await import("./stripe-card-form");

const billing: BillingDetails = {
  name: "Lumora Coffee",
  phone: "+44 20 7946 0000",
  address: { line1: "1 Bean Street", city: "London", postalCode: "E1 6AN", country: "GB" },
};
const intent = { clientSecret: "seti_1_secret_2", provider: "stripe" as const, publishableKey: "pk_test_1" };

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.clearAllMocks();
});

async function render() {
  let form: PaymentForm | null = null;
  const states: PaymentFormState[] = [];
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <StripeCardForm
        publishableKey="pk_test_1"
        register={(next) => {
          form = next;
        }}
        onStateChange={(state) => states.push(state)}
      />,
    );
  });
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return { form: () => form, states };
}

describe("Stripe card form", () => {
  it("is ready once the card element is, complete once Stripe says so", async () => {
    const { form, states } = await render();
    expect(states.at(-1)).toEqual({ ready: false, complete: false });
    await act(async () => stripeMock.card.props.onReady?.());
    expect(states.at(-1)).toEqual({ ready: true, complete: false });
    expect(form()?.validate()).toBe("Your card details are incomplete.");
    await act(async () => stripeMock.card.props.onChange?.({ complete: true }));
    expect(states.at(-1)).toEqual({ ready: true, complete: true });
    expect(form()?.validate()).toBeNull();
  });

  it("shows and returns Stripe's own message for what was typed", async () => {
    const { form } = await render();
    await act(async () =>
      stripeMock.card.props.onChange?.({
        complete: false,
        error: { message: "Your card number is invalid." },
      }),
    );
    expect(document.body.querySelector("[role=alert]")?.textContent).toBe("Your card number is invalid.");
    expect(form()?.validate()).toBe("Your card number is invalid.");
  });

  it("confirms the card setup with the billing details and resolves to the payment method id", async () => {
    stripeMock.stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: "pm_123" } });
    const { form } = await render();
    await expect(form()?.confirm(intent, billing)).resolves.toBe("pm_123");
    expect(stripeMock.stripe.confirmCardSetup).toHaveBeenCalledWith("seti_1_secret_2", {
      payment_method: {
        card: stripeMock.element,
        billing_details: {
          name: "Lumora Coffee",
          phone: "+44 20 7946 0000",
          address: {
            line1: "1 Bean Street",
            line2: undefined,
            city: "London",
            postal_code: "E1 6AN",
            state: undefined,
            country: "GB",
          },
        },
      },
    });
  });

  it("fails with the provider's message when the card is refused", async () => {
    stripeMock.stripe.confirmCardSetup.mockResolvedValue({
      error: { type: "card_error", message: "Your card has insufficient funds." },
    });
    const { form } = await render();
    await expect(form()?.confirm(intent, billing)).rejects.toThrow("Your card has insufficient funds.");
  });
});
