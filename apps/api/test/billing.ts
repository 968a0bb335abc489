import pino from "pino";
import { billingHousekeepingJob } from "../src/modules/billing/billing-housekeeping.job";
import type { TestApp } from "./app";
import { expectContractResponse } from "./contract-response";

/** A JSON POST to the API as `authorization`, its answer checked against the contract's `operationId`. */
export async function postAs(
  t: TestApp,
  operationId: string,
  url: string,
  authorization: string,
  body?: unknown,
) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expectContractResponse(operationId, response);
  return response;
}

/** A sandbox test card set up and saved as the workspace's default, as the checkout's card form does. */
export async function addSandboxCard(t: TestApp, authorization: string, cardNumber = "4242424242424242") {
  const { clientSecret } = (
    await postAs(t, "createSetupIntent", "/subscriptions/intent", authorization)
  ).json();
  const confirmed = await postAs(
    t,
    "confirmSandboxSetup",
    "/subscriptions/sandbox/confirm-setup",
    authorization,
    {
      clientSecret,
      cardNumber,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: "123",
    },
  );
  const { paymentMethodId } = confirmed.json();
  await postAs(t, "savePaymentMethod", "/subscriptions/customers/payment-methods", authorization, {
    paymentMethodId,
  });
}

/** Professional on the sandbox, paid with a 4242 card: its entry as `POST /subscriptions` answered. */
export async function subscribeProfessional(t: TestApp, authorization: string) {
  await addSandboxCard(t, authorization);
  return (
    await postAs(t, "subscribe", "/subscriptions", authorization, { productId: "professional" })
  ).json();
}

/** One run of the scheduled billing housekeeping at the app's clock. */
export const runBillingHousekeeping = (t: TestApp) =>
  billingHousekeepingJob({
    db: t.database.db,
    clock: t.clock,
    config: t.config,
    log: pino({ level: "silent" }),
  });
