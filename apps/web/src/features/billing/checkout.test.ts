import { ApiError } from "@brandscope/api-client";
import { describe, expect, it, vi } from "vitest";
import {
  type BillingDetails,
  CheckoutError,
  checkoutProblem,
  INVALID_PRODUCT_MESSAGE,
  type PaymentForm,
  submitCheckout,
} from "./checkout";

const billing: BillingDetails = {
  name: "Lumora Coffee",
  phone: "+44 20 7946 0000",
  address: { line1: "1 Bean Street", city: "London", postalCode: "E1 6AN", country: "GB" },
};
const products = [
  { type: "starter" as const, productId: "starter" },
  { type: "professional" as const, productId: "professional-monthly" },
  { type: "enterprise" as const, productId: "enterprise" },
];
const intent = { clientSecret: "seti_secret", provider: "sandbox" as const, publishableKey: null };

function setup(
  overrides: {
    payment?: Partial<PaymentForm>;
    steps?: Partial<Parameters<typeof submitCheckout>[0]["steps"]>;
  } = {},
) {
  const order: string[] = [];
  const track =
    <T>(name: string, value: T) =>
    async (..._args: unknown[]) => {
      order.push(name);
      return value;
    };
  const payment: PaymentForm = {
    validate: vi.fn(() => {
      order.push("validate");
      return null;
    }),
    confirm: vi.fn(track("confirm", "pm_123")),
    ...overrides.payment,
  };
  const steps = {
    requestSetupIntent: vi.fn(track("intent", intent)),
    savePaymentMethod: vi.fn(track("save", { id: "pm_123" })),
    subscribe: vi.fn(track("subscribe", {})),
    refresh: vi.fn(track("refresh", undefined)),
    close: vi.fn(() => {
      order.push("close");
    }),
    ...overrides.steps,
  };
  return { order, payment, steps, run: () => submitCheckout({ payment, billing, products, steps }) };
}

describe("submitCheckout", () => {
  it("runs docs/product.md §4's sequence in order and passes each step's result on", async () => {
    const { order, payment, steps, run } = setup();
    await run();
    expect(order).toEqual(["validate", "intent", "confirm", "save", "subscribe", "refresh", "close"]);
    expect(payment.confirm).toHaveBeenCalledWith(intent, billing);
    expect(steps.savePaymentMethod).toHaveBeenCalledWith("pm_123");
    expect(steps.subscribe).toHaveBeenCalledWith("professional-monthly");
  });

  it("stops before any call when the payment form is invalid", async () => {
    const { steps, run } = setup({ payment: { validate: () => "Your card number is invalid." } });
    await expect(run()).rejects.toThrow("Your card number is invalid.");
    expect(steps.requestSetupIntent).not.toHaveBeenCalled();
  });

  it("fails with 'Invalid subscription product' when there is no Professional product", async () => {
    const { payment, steps } = setup();
    await expect(
      submitCheckout({
        payment,
        billing,
        products: products.filter((p) => p.type !== "professional"),
        steps,
      }),
    ).rejects.toThrow(INVALID_PRODUCT_MESSAGE);
    await expect(submitCheckout({ payment, billing, products: undefined, steps })).rejects.toThrow(
      INVALID_PRODUCT_MESSAGE,
    );
    expect(steps.requestSetupIntent).not.toHaveBeenCalled();
  });

  it("stops when the setup secret cannot be had", async () => {
    const { payment, steps, run } = setup({
      steps: { requestSetupIntent: vi.fn(() => Promise.reject(new ApiError("Forbidden", { status: 403 }))) },
    });
    await expect(run()).rejects.toThrow("Forbidden");
    expect(payment.confirm).not.toHaveBeenCalled();
    expect(steps.close).not.toHaveBeenCalled();
  });

  it("stops with the provider's message when the card setup is refused", async () => {
    const { steps, run } = setup({
      payment: { confirm: () => Promise.reject(new CheckoutError("Your card was declined.")) },
    });
    await expect(run()).rejects.toThrow("Your card was declined.");
    expect(steps.savePaymentMethod).not.toHaveBeenCalled();
    expect(steps.close).not.toHaveBeenCalled();
  });

  it("stops when the payment method cannot be saved", async () => {
    const { steps, run } = setup({
      steps: { savePaymentMethod: vi.fn(() => Promise.reject(new ApiError("Bad Request", { status: 400 }))) },
    });
    await expect(run()).rejects.toThrow("Bad Request");
    expect(steps.subscribe).not.toHaveBeenCalled();
    expect(steps.close).not.toHaveBeenCalled();
  });

  it("stops when subscribing fails (a refused charge)", async () => {
    const refused = new ApiError("Payment Required", {
      status: 402,
      serverMessage: "Your card has insufficient funds.",
    });
    const { steps, run } = setup({ steps: { subscribe: vi.fn(() => Promise.reject(refused)) } });
    const error = await run().catch((thrown: unknown) => thrown);
    expect(checkoutProblem(error)).toBe("Your card has insufficient funds.");
    expect(steps.refresh).not.toHaveBeenCalled();
    expect(steps.close).not.toHaveBeenCalled();
  });

  it("still closes when only the refresh fails: the subscription is in place", async () => {
    const { steps, run } = setup({ steps: { refresh: vi.fn(() => Promise.reject(new Error("offline"))) } });
    await run();
    expect(steps.close).toHaveBeenCalledOnce();
  });
});

describe("checkoutProblem", () => {
  it("shows what the server said for a 4xx, and the catalogue's text for a 5xx", () => {
    expect(
      checkoutProblem(
        new ApiError("Payment Required", { status: 402, serverMessage: "Your card was declined." }),
      ),
    ).toBe("Your card was declined.");
    expect(
      checkoutProblem(new ApiError("Internal Server Error", { status: 500, serverMessage: "db down" })),
    ).toBe("Internal Server Error");
    expect(checkoutProblem(new CheckoutError(INVALID_PRODUCT_MESSAGE))).toBe(INVALID_PRODUCT_MESSAGE);
  });
});
