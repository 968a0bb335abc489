import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp, testConfig } from "../../../test/app";
import { postAs } from "../../../test/billing";
import { expectContractResponse } from "../../../test/contract-response";
import { startFakeStripe } from "../../../test/fake-stripe";
import { capturedLog } from "../../../test/log";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { billingCustomers } from "../../db/schema";
import { workspacePlan } from "./plan-limits";
import { createPaymentProviders } from "./providers/provider-for";

const WEBHOOK_SECRET = "whsec_test_secret";
const stripeEnv = {
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_PROFESSIONAL: "price_professional",
  STRIPE_PRICE_ENTERPRISE: "price_enterprise",
};

let t: TestApp;
const captured = capturedLog();
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  fake = await startFakeStripe();
  const config = testConfig(stripeEnv);
  t = await buildTestApp({
    env: stripeEnv,
    log: captured.log,
    // A cancellation Stripe refuses is retried by the job a second later.
    jobs: { retryDelaySeconds: 1 },
    deps: { payments: (db) => createPaymentProviders(config, t.clock, fake.endpoint)(db) },
  });
  return async () => {
    await t.close();
    await fake.close();
  };
});

const call = (operationId: string, url: string, authorization: string, body?: unknown) =>
  postAs(t, operationId, url, authorization, body);

const newOwner = () => seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });

/** Signed as Stripe signs (the SDK's own test helper), unless a wrong secret is given. */
function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = new Stripe("sk_test_fake").webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: "POST",
    url: "/api/subscriptions/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

async function professionalOnStripe() {
  const owner = await newOwner();
  const intent = await call("createSetupIntent", "/subscriptions/intent", owner.authorization);
  expect(intent.json()).toEqual({
    clientSecret: "seti_fake_secret_abc",
    provider: "stripe",
    publishableKey: "pk_test_fake",
  });
  const pm = `pm_visa_${owner.userId.slice(0, 8)}`;
  const saved = await call(
    "savePaymentMethod",
    "/subscriptions/customers/payment-methods",
    owner.authorization,
    {
      paymentMethodId: pm,
    },
  );
  expect(saved.json()).toMatchObject({ id: pm, brand: "visa", last4: "4242", isDefault: true });
  const subscribed = await call("subscribe", "/subscriptions", owner.authorization, {
    productId: "professional",
  });
  expect(subscribed.statusCode).toBe(201);
  const [customer] = await t.database.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.workspaceId, owner.workspaceId));
  if (!customer?.subscriptionId) throw new Error("no Stripe subscription recorded");
  return { owner, pm, customerId: customer.customerId, subscriptionId: customer.subscriptionId };
}

/** A customer.subscription.* event as Stripe sends it. */
const subscriptionEvent = (
  id: string,
  type: string,
  p: { customerId: string; subscriptionId: string },
  status: string,
  cancelAtPeriodEnd = false,
) => ({
  id,
  object: "event",
  type,
  data: {
    object: {
      id: p.subscriptionId,
      object: "subscription",
      customer: p.customerId,
      status,
      cancel_at_period_end: cancelAtPeriodEnd,
      cancel_at: cancelAtPeriodEnd ? 1_900_000_000 : null,
      items: { object: "list", data: [{ id: "si_1", current_period_end: 1_900_000_000 }] },
    },
  },
});

describe("checkout with Stripe", () => {
  it("lets the page load Stripe.js, its frames and its API, and nothing else from outside", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(policy).toContain(
      "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("creates the customer, set-up intent and subscription with idempotency keys, on the Professional price", async () => {
    const { owner } = await professionalOnStripe();
    const creates = fake.requests.filter(
      (r) =>
        r.method === "POST" && ["/v1/customers", "/v1/setup_intents", "/v1/subscriptions"].includes(r.path),
    );
    expect(creates.length).toBeGreaterThanOrEqual(3);
    for (const request of creates) expect(request.idempotencyKey).toBeTruthy();
    const subscription = creates.filter((r) => r.path === "/v1/subscriptions").at(-1);
    expect(subscription?.form.get("items[0][price]")).toBe("price_professional");
    expect(subscription?.form.get("payment_behavior")).toBe("error_if_incomplete");
    const customer = creates.find((r) => r.path === "/v1/customers");
    expect(customer?.idempotencyKey).toMatch(/^customer:/);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user/me",
      headers: { authorization: owner.authorization },
    });
    expect(me.json().subscription).toMatchObject({
      type: "professional",
      status: "active",
      endDate: fake.periodEnd.toISOString(),
    });
  });

  it("surfaces Stripe's card message when the first charge is declined", async () => {
    const owner = await newOwner();
    await call("createSetupIntent", "/subscriptions/intent", owner.authorization);
    await call("savePaymentMethod", "/subscriptions/customers/payment-methods", owner.authorization, {
      paymentMethodId: "pm_declined_card",
    });
    const refused = await call("subscribe", "/subscriptions", owner.authorization, {
      productId: "professional",
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe("Your card was declined.");
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).plan,
    ).toBe("starter");
  });

  it("says the sandbox is off", async () => {
    const owner = await newOwner();
    const response = await call(
      "confirmSandboxSetup",
      "/subscriptions/sandbox/confirm-setup",
      owner.authorization,
      {
        clientSecret: "x",
        cardNumber: "4242424242424242",
        expMonth: 12,
        expYear: 2030,
        cvc: "123",
      },
    );
    expect(response.statusCode).toBe(404);
  });
});

describe("cancelling a plan with Stripe", () => {
  it("sets cancel_at_period_end on the subscription, and unsets it on resume, keeping the plan until its end", async () => {
    const { owner, subscriptionId } = await professionalOnStripe();
    const updates = () =>
      fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`);
    const cancelled = await call("cancelSubscription", "/subscriptions/cancel", owner.authorization);
    expect(cancelled.json()).toMatchObject({
      type: "professional",
      status: "cancelled",
      cancelAtPeriodEnd: true,
      endDate: fake.periodEnd.toISOString(),
    });
    expect(updates().at(-1)?.form.get("cancel_at_period_end")).toBe("true");
    const resumed = await call("resumeSubscription", "/subscriptions/resume", owner.authorization);
    expect(resumed.json()).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    expect(updates().at(-1)?.form.get("cancel_at_period_end")).toBe("false");
  });

  it("charges the running plan's renewals to a changed card: the subscription's own default follows", async () => {
    const { owner, subscriptionId } = await professionalOnStripe();
    const changed = `pm_mastercard_${owner.userId.slice(0, 8)}`;
    await call("savePaymentMethod", "/subscriptions/customers/payment-methods", owner.authorization, {
      paymentMethodId: changed,
    });
    const update = fake.requests
      .filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`)
      .at(-1);
    expect(update?.form.get("default_payment_method")).toBe(changed);
  });
});

describe("POST /api/subscriptions/webhook", () => {
  const statusOf = async (authorization: string) =>
    (await t.app.inject({ method: "GET", url: "/api/subscriptions", headers: { authorization } })).json()[0];

  it("refuses a body whose signature does not match, and changes nothing", async () => {
    const { owner, subscriptionId, customerId } = await professionalOnStripe();
    const ids = { customerId, subscriptionId };
    const forged = await webhook(
      subscriptionEvent("evt_forged", "customer.subscription.deleted", ids, "canceled"),
      "whsec_wrong",
    );
    expectContractResponse("handlePaymentWebhook", forged);
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(
        subscriptionEvent("evt_unsigned", "customer.subscription.deleted", ids, "canceled"),
      ),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await statusOf(owner.authorization)).status).toBe("active");
  });

  it("moves the plan through payment-error, active and cancelled, applying each event once", async () => {
    const { owner, subscriptionId, customerId } = await professionalOnStripe();
    const ids = { customerId, subscriptionId };
    const failed = {
      id: `evt_failed_${subscriptionId}`,
      object: "event",
      type: "invoice.payment_failed",
      data: {
        object: {
          id: "in_1",
          object: "invoice",
          customer: customerId,
          parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
        },
      },
    };
    const first = await webhook(failed);
    expectContractResponse("handlePaymentWebhook", first);
    expect(first.json()).toEqual({ received: true });
    expect((await statusOf(owner.authorization)).status).toBe("payment-error");

    await webhook(
      subscriptionEvent(`evt_paid_${subscriptionId}`, "customer.subscription.updated", ids, "active"),
    );
    const renewed = await statusOf(owner.authorization);
    expect(renewed).toMatchObject({
      status: "active",
      endDate: new Date(1_900_000_000 * 1000).toISOString(),
    });

    // Stripe delivers at least once: the replayed failure is acknowledged and ignored.
    const replay = await webhook(failed);
    expect(replay.statusCode).toBe(200);
    expect((await statusOf(owner.authorization)).status).toBe("active");

    await webhook(
      subscriptionEvent(`evt_deleted_${subscriptionId}`, "customer.subscription.deleted", ids, "canceled"),
    );
    expect((await statusOf(owner.authorization)).status).toBe("cancelled");
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).limits
        .competitorsPerBrand,
    ).toBe(1);
  });

  it("shows a cancellation made in Stripe's dashboard, and its undoing, as the owner's own", async () => {
    const { owner, subscriptionId, customerId } = await professionalOnStripe();
    const ids = { customerId, subscriptionId };
    await webhook(
      subscriptionEvent(
        `evt_dash_cancel_${subscriptionId}`,
        "customer.subscription.updated",
        ids,
        "active",
        true,
      ),
    );
    // Cancelled at once, running with its limits until its end date (docs/decisions.md "Cancelling").
    expect(await statusOf(owner.authorization)).toMatchObject({
      status: "cancelled",
      cancelAtPeriodEnd: true,
      endDate: new Date(1_900_000_000 * 1000).toISOString(),
    });
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).plan,
    ).toBe("professional");

    await webhook(
      subscriptionEvent(`evt_dash_resume_${subscriptionId}`, "customer.subscription.updated", ids, "active"),
    );
    expect(await statusOf(owner.authorization)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });

    // The period ends: Stripe deletes the subscription, and the plan is over with nothing left to cancel.
    await webhook(
      subscriptionEvent(
        `evt_dash_cancel2_${subscriptionId}`,
        "customer.subscription.updated",
        ids,
        "active",
        true,
      ),
    );
    await webhook(
      subscriptionEvent(`evt_dash_end_${subscriptionId}`, "customer.subscription.deleted", ids, "canceled"),
    );
    expect(await statusOf(owner.authorization)).toMatchObject({
      status: "cancelled",
      cancelAtPeriodEnd: false,
    });
  });

  it("ignores events of other subscriptions and kinds it does not use", async () => {
    const { owner, customerId } = await professionalOnStripe();
    await webhook(
      subscriptionEvent(
        "evt_old_sub",
        "customer.subscription.deleted",
        { customerId, subscriptionId: "sub_replaced_long_ago" },
        "canceled",
      ),
    );
    const other = await webhook({
      id: "evt_other",
      object: "event",
      type: "charge.refunded",
      data: { object: {} },
    });
    expect(other.json()).toEqual({ received: true });
    expect((await statusOf(owner.authorization)).status).toBe("active");
  });
});

describe("deleting the owner's account", () => {
  const deleteAccount = (owner: { authorization: string; accessToken: string }) =>
    call("deleteUser", "/user/delete", owner.authorization, { accessToken: owner.accessToken });
  const cancelsOf = (subscriptionId: string) =>
    fake.requests.filter((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscriptionId}`);

  it("cancels the Stripe subscription first, and acknowledges Stripe's later events about it", async () => {
    const { owner, customerId, subscriptionId } = await professionalOnStripe();
    const ids = { customerId, subscriptionId };
    expect((await deleteAccount(owner)).statusCode).toBe(200);
    expect(cancelsOf(subscriptionId)).toHaveLength(1);

    const deleted = await webhook(
      subscriptionEvent(`evt_gone_${subscriptionId}`, "customer.subscription.deleted", ids, "canceled"),
    );
    expectContractResponse("handlePaymentWebhook", deleted);
    expect(deleted.json()).toEqual({ received: true });
    expect(captured.text()).toContain("Payment provider event for a customer that no longer exists");
  });

  it("cancels a subscription Stripe says still runs for a customer that no longer exists", async () => {
    const orphan = `sub_orphan_${Date.now()}`;
    const ids = { customerId: "cus_of_a_deleted_workspace", subscriptionId: orphan };
    const updated = await webhook(
      subscriptionEvent(`evt_orphan_${orphan}`, "customer.subscription.updated", ids, "active"),
    );
    expect(updated.json()).toEqual({ received: true });
    const deadline = Date.now() + 20_000;
    while (cancelsOf(orphan).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(cancelsOf(orphan)).toHaveLength(1);
  }, 30_000);

  it("deletes the account while Stripe is down, and a job cancels the subscription once Stripe is back", async () => {
    const { owner, subscriptionId } = await professionalOnStripe();
    fake.outage.cancels = true;
    try {
      expect((await deleteAccount(owner)).statusCode).toBe(200);
      const account = await t.database.pool.query("select 1 from users where id = $1", [owner.userId]);
      expect(account.rowCount).toBe(0);
      expect(cancelsOf(subscriptionId).length).toBeGreaterThanOrEqual(1);
    } finally {
      fake.outage.cancels = false;
    }
    const deadline = Date.now() + 30_000;
    let state: string | undefined;
    while (state !== "completed" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const job = await t.database.pool.query<{ state: string }>(
        `select state::text from pgboss.job where name = 'cancel-subscription' and data->>'subscriptionId' = $1
         union all
         select state::text from pgboss.archive where name = 'cancel-subscription' and data->>'subscriptionId' = $1`,
        [subscriptionId],
      );
      state = job.rows[0]?.state;
    }
    expect(state).toBe("completed");
    expect(captured.text()).toContain('"event":"billing.cancel-deferred"');
  }, 60_000);
});
