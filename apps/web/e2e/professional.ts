import { inject } from "vitest";

async function post(path: string, idToken: string, body: unknown, baseUrl: string) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Professional through the sandbox payments, as the checkout does it: a card set up, saved, then the plan. On the
 * shared server, or on one a test starts of its own.
 */
export async function subscribeProfessional(
  idToken: string,
  baseUrl = inject("baseUrl"),
): Promise<{ endDate: string | null }> {
  const { clientSecret } = await post("/subscriptions/intent", idToken, {}, baseUrl);
  const { paymentMethodId } = await post(
    "/subscriptions/sandbox/confirm-setup",
    idToken,
    {
      clientSecret,
      cardNumber: "4242424242424242",
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: "123",
    },
    baseUrl,
  );
  await post("/subscriptions/customers/payment-methods", idToken, { paymentMethodId }, baseUrl);
  return post("/subscriptions", idToken, { productId: "professional" }, baseUrl);
}
