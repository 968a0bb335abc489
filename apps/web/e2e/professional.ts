import { inject } from "vitest";

async function post(path: string, idToken: string, body: unknown) {
  const response = await fetch(`${inject("baseUrl")}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Professional through the sandbox payments, as the checkout does it: a card set up, saved, then the plan. */
export async function subscribeProfessional(idToken: string): Promise<{ endDate: string | null }> {
  const { clientSecret } = await post("/subscriptions/intent", idToken, {});
  const { paymentMethodId } = await post("/subscriptions/sandbox/confirm-setup", idToken, {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: "123",
  });
  await post("/subscriptions/customers/payment-methods", idToken, { paymentMethodId });
  return post("/subscriptions", idToken, { productId: "professional" });
}
