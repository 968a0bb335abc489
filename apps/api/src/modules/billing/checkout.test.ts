import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MemoryMailer } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { TEST_JWT_SECRET } from "../../../test/config";
import { expectContractResponse } from "../../../test/contract-response";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { billingCustomers, sandboxSubscriptions, users } from "../../db/schema";
import type { PaymentProvider } from "../../kernel/payment-provider";
import { signIdToken } from "../auth/id-token";
import { SESSION_LIFETIME_MS } from "../auth/sessions";
import { insertSession } from "../auth/sessions.repo";
import { workspacePlan } from "./plan-limits";
import { createPaymentProviders } from "./providers/provider-for";

let t: TestApp;
const mailer = new MemoryMailer();
/** The subscriptions the provider made: a double submit must make one. */
const subscriptionsCreated = new Set<string>();
/** Runs while the provider is creating a subscription (a test looks at the database meanwhile). */
let whileProviderAnswers: (() => Promise<void>) | undefined;

beforeAll(async () => {
  t = await buildTestApp({
    env: { SALES_EMAIL: "sales@brandscope.test" },
    deps: {
      mailer,
      payments: (db) => {
        const sandbox = createPaymentProviders(t.config, t.clock)(db);
        const counted: PaymentProvider = {
          ...sandbox,
          setDefaultCard: async (p) => {
            await whileProviderAnswers?.();
            return sandbox.setDefaultCard(p);
          },
          createSubscription: async (p) => {
            await whileProviderAnswers?.();
            const created = await sandbox.createSubscription(p);
            subscriptionsCreated.add(created.id);
            return created;
          },
        };
        return counted;
      },
    },
  });
  return () => t.close();
});

async function call(
  operationId: string,
  method: "GET" | "POST",
  url: string,
  authorization: string,
  body?: unknown,
) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expectContractResponse(operationId, response);
  return response;
}

const confirmCard = (authorization: string, body: Record<string, unknown>) =>
  call("confirmSandboxSetup", "POST", "/subscriptions/sandbox/confirm-setup", authorization, body);
const listCardsOf = (authorization: string) =>
  call("listPaymentMethods", "GET", "/subscriptions/customers/payment-methods", authorization);
const removeCard = (authorization: string, paymentMethodId: string) =>
  call("removePaymentMethod", "POST", "/subscriptions/customers/payment-methods/remove", authorization, {
    paymentMethodId,
  });

const nextYear = new Date().getUTCFullYear() + 1;
const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: nextYear, cvc: "123" });

/**
 * docs/product.md §4's sequence up to the saved card: setup secret, card confirmed (sandbox), payment method
 * saved.
 */
async function saveCard(authorization: string, cardNumber: string) {
  const intent = await call("createSetupIntent", "POST", "/subscriptions/intent", authorization);
  expect(intent.statusCode).toBe(200);
  expect(intent.json()).toMatchObject({ provider: "sandbox", publishableKey: null });
  const confirmed = await confirmCard(authorization, {
    clientSecret: intent.json().clientSecret,
    ...card(cardNumber),
  });
  if (confirmed.statusCode !== 200) return confirmed;
  return call("savePaymentMethod", "POST", "/subscriptions/customers/payment-methods", authorization, {
    paymentMethodId: confirmed.json().paymentMethodId,
  });
}

const subscribe = (authorization: string, productId = "professional") =>
  call("subscribe", "POST", "/subscriptions", authorization, { productId });

async function newOwner() {
  return seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
}

describe("checkout with the sandbox provider", () => {
  it("upgrades a Starter workspace to Professional with 4242 4242 4242 4242, limits changing at once", async () => {
    const owner = await newOwner();
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).limits
        .competitorsPerBrand,
    ).toBe(1);

    const saved = await saveCard(owner.authorization, "4242424242424242");
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: nextYear,
      isDefault: true,
    });

    const subscribed = await subscribe(owner.authorization);
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json()).toMatchObject({ type: "professional", status: "active", price: 89 });
    const endDate = new Date(subscribed.json().endDate);
    const inAMonth = new Date(t.clock.now());
    inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1);
    expect(Math.abs(endDate.getTime() - inAMonth.getTime())).toBeLessThan(2 * 24 * 3600 * 1000);

    const me = await call("getMe", "GET", "/user/me", owner.authorization);
    expect(me.json().subscription).toMatchObject({ type: "professional", status: "active" });
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).limits
        .competitorsPerBrand,
    ).toBe(5);
  });

  it.each([
    ["4000000000000002", 402, "Your card was declined."],
    ["4000000000009995", 402, "Your card has insufficient funds."],
    ["4242424242424241", 400, "Your card number is invalid."],
  ])("refuses card %s with the provider's message", async (number, status, message) => {
    const owner = await newOwner();
    const refused = await saveCard(owner.authorization, number);
    expect(refused.statusCode).toBe(status);
    expect(refused.json().message).toBe(message);
    const cards = await listCardsOf(owner.authorization);
    expect(cards.json()).toEqual([]);
    expect((await subscribe(owner.authorization)).json().message).toBe(
      "Please add a card before subscribing.",
    );
  });

  it("refuses an expired card and a set-up secret used twice", async () => {
    const owner = await newOwner();
    const intent = await call("createSetupIntent", "POST", "/subscriptions/intent", owner.authorization);
    const expired = await confirmCard(owner.authorization, {
      clientSecret: intent.json().clientSecret,
      ...card("4242424242424242"),
      expYear: 2020,
    });
    expect(expired.statusCode).toBe(402);
    expect(expired.json().message).toBe("Your card has expired.");
    const body = { clientSecret: intent.json().clientSecret, ...card("4242424242424242") };
    const first = await confirmCard(owner.authorization, body);
    expect(first.statusCode).toBe(200);
    const again = await confirmCard(owner.authorization, body);
    expect(again.statusCode).toBe(400);
  });

  it("does not let one workspace confirm or save another's card", async () => {
    const alice = await newOwner();
    const bob = await newOwner();
    const intent = await call("createSetupIntent", "POST", "/subscriptions/intent", alice.authorization);
    await call("createSetupIntent", "POST", "/subscriptions/intent", bob.authorization);
    const stolen = await confirmCard(bob.authorization, {
      clientSecret: intent.json().clientSecret,
      ...card("4242424242424242"),
    });
    expect(stolen.statusCode).toBe(404);
    const confirmed = await confirmCard(alice.authorization, {
      clientSecret: intent.json().clientSecret,
      ...card("4242424242424242"),
    });
    const taken = await call(
      "savePaymentMethod",
      "POST",
      "/subscriptions/customers/payment-methods",
      bob.authorization,
      {
        paymentMethodId: confirmed.json().paymentMethodId,
      },
    );
    expect(taken.statusCode).toBe(400);
  });

  it("answers 'Invalid subscription product' for an unknown product and keeps Enterprise for sales", async () => {
    const owner = await newOwner();
    await saveCard(owner.authorization, "4242424242424242");
    const unknown = await subscribe(owner.authorization, "platinum");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Invalid subscription product");
    expect((await subscribe(owner.authorization, "starter")).json().message).toBe(
      "Invalid subscription product",
    );
    expect((await subscribe(owner.authorization, "enterprise")).statusCode).toBe(400);
  });

  it("creates one subscription for a double submit", async () => {
    const owner = await newOwner();
    await saveCard(owner.authorization, "4242424242424242");
    const before = subscriptionsCreated.size;
    const [first, second] = await Promise.all([
      subscribe(owner.authorization),
      subscribe(owner.authorization),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(subscriptionsCreated.size - before).toBe(1);
  });

  it("holds no transaction or lock while the payment provider answers", async () => {
    const owner = await newOwner();
    await saveCard(owner.authorization, "4242424242424242");
    const seen: { rowFree: boolean; openTransactions: number }[] = [];
    whileProviderAnswers = async () => {
      const rowFree = await t.database.pool
        .query("select 1 from subscriptions where workspace_id = $1 for update nowait", [owner.workspaceId])
        .then(
          () => true,
          () => false,
        );
      const open = await t.database.pool.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
      );
      seen.push({ rowFree, openTransactions: open.rows[0]?.count ?? -1 });
    };
    try {
      expect((await subscribe(owner.authorization)).statusCode).toBe(201);
    } finally {
      whileProviderAnswers = undefined;
    }
    expect(seen).toEqual([{ rowFree: true, openTransactions: 0 }]);
  });

  it("holds no transaction while the provider makes another card the default of a removed one", async () => {
    const owner = await newOwner();
    await saveCard(owner.authorization, "4242424242424242");
    await saveCard(owner.authorization, "5555555555554444");
    const cards = await call(
      "listPaymentMethods",
      "GET",
      "/subscriptions/customers/payment-methods",
      owner.authorization,
    );
    const byDefault = cards.json().find((c: { isDefault: boolean }) => c.isDefault);
    const openTransactions: number[] = [];
    whileProviderAnswers = async () => {
      const open = await t.database.pool.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
      );
      openTransactions.push(open.rows[0]?.count ?? -1);
    };
    try {
      const removed = await call(
        "removePaymentMethod",
        "POST",
        "/subscriptions/customers/payment-methods/remove",
        owner.authorization,
        { paymentMethodId: byDefault.id },
      );
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual([expect.objectContaining({ isDefault: true })]);
    } finally {
      whileProviderAnswers = undefined;
    }
    expect(openTransactions).toEqual([0]);
  });

  it("cancels the sandbox subscription when the owner deletes the account: it is never charged again", async () => {
    const owner = await newOwner();
    await saveCard(owner.authorization, "4242424242424242");
    expect((await subscribe(owner.authorization)).statusCode).toBe(201);
    const [customer] = await t.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.workspaceId, owner.workspaceId));
    const subscriptionId = customer?.subscriptionId;
    if (!subscriptionId) throw new Error("No subscription recorded");
    const deleted = await call("deleteUser", "POST", "/user/delete", owner.authorization, {
      accessToken: owner.accessToken,
    });
    expect(deleted.statusCode).toBe(200);
    const [sandbox] = await t.database.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    expect(sandbox).toMatchObject({ status: "cancelled" });
  });

  it("keeps billing to the owner: a member may look but not change", async () => {
    const owner = await newOwner();
    const member = await newOwner();
    await t.database.db
      .update(users)
      .set({ workspaceId: owner.workspaceId, role: "member" })
      .where(eq(users.id, member.userId));
    const memberBearer = (await seedSignedInUserInto(member.userId, owner.workspaceId)).authorization;
    const intent = await call("createSetupIntent", "POST", "/subscriptions/intent", memberBearer);
    expect(intent.statusCode).toBe(403);
    expect((await subscribe(memberBearer)).statusCode).toBe(403);
    const cards = await listCardsOf(memberBearer);
    expect(cards.statusCode).toBe(200);
    for (const path of ["", "/remove", "/default"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/subscriptions/customers/payment-methods${path}`,
        headers: { authorization: memberBearer, "content-type": "application/json" },
        payload: JSON.stringify({ paymentMethodId: "pm_anything" }),
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

/** A bearer for a user whose workspace changed after the seed (the token names the workspace). */
async function seedSignedInUserInto(userId: string, workspaceId: string) {
  const now = t.clock.now();
  const session = await insertSession(t.database.db, {
    userId,
    now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  const subject = { userId, workspaceId, sessionId: session.id };
  return { authorization: `Bearer ${await signIdToken(subject, jwtKey(TEST_JWT_SECRET), now)}` };
}

describe("payment methods", () => {
  it("lists cards default first, switches the default, and promotes another when the default goes", async () => {
    const owner = await newOwner();
    const visa = (await saveCard(owner.authorization, "4242424242424242")).json();
    const mastercard = (await saveCard(owner.authorization, "5555555555554444")).json();
    expect(mastercard).toMatchObject({ brand: "mastercard", last4: "4444", isDefault: true });

    const list = await listCardsOf(owner.authorization);
    expect(list.json().map((c: { id: string; isDefault: boolean }) => [c.id, c.isDefault])).toEqual([
      [mastercard.id, true],
      [visa.id, false],
    ]);

    const switched = await call(
      "setDefaultPaymentMethod",
      "POST",
      "/subscriptions/customers/payment-methods/default",
      owner.authorization,
      {
        paymentMethodId: visa.id,
      },
    );
    expect(switched.json()[0]).toMatchObject({ id: visa.id, isDefault: true });

    const removed = await removeCard(owner.authorization, visa.id);
    expect(removed.json()).toEqual([{ ...mastercard, isDefault: true }]);

    const unknown = await removeCard(owner.authorization, visa.id);
    expect(unknown.statusCode).toBe(404);
  });

  it("keeps the only card a paid plan is charged to", async () => {
    const owner = await newOwner();
    const only = (await saveCard(owner.authorization, "4242424242424242")).json();
    await subscribe(owner.authorization);
    const refused = await removeCard(owner.authorization, only.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Your plan is charged to this card. Add another card before removing it.",
    );
  });

  it("does not show or touch another workspace's cards", async () => {
    const alice = await newOwner();
    const bob = await newOwner();
    const card = (await saveCard(alice.authorization, "4242424242424242")).json();
    const bobs = await listCardsOf(bob.authorization);
    expect(bobs.json()).toEqual([]);
    const removal = await removeCard(bob.authorization, card.id);
    expect(removal.statusCode).toBe(404);
  });
});

describe("POST /api/sales/contact", () => {
  const request = {
    email: "jo@acme.test",
    name: "Jo Doe",
    companyName: "Acme <Foods>",
    role: "CMO",
    industry: "food-and-beverage",
    category: "Brand",
  };

  it("keeps the request and e-mails it to the sales address", async () => {
    const owner = await newOwner();
    const sent = await call("contactSales", "POST", "/sales/contact", owner.authorization, request);
    expect(sent.statusCode).toBe(201);
    const mail = mailer.sent.find((m) => m.to === "sales@brandscope.test" && m.text.includes("jo@acme.test"));
    expect(mail?.subject).toBe("Talk to sales: Acme <Foods> (Jo Doe)");
    expect(mail?.html).toContain("Acme &#60;Foods&#62;");
  });

  it("refuses a request with a missing field or a bad e-mail", async () => {
    const owner = await newOwner();
    const { role: _role, ...withoutRole } = request;
    expect(
      (await call("contactSales", "POST", "/sales/contact", owner.authorization, withoutRole)).statusCode,
    ).toBe(400);
    const badEmail = await call("contactSales", "POST", "/sales/contact", owner.authorization, {
      ...request,
      email: "jo",
    });
    expect(badEmail.statusCode).toBe(400);
    const spaces = await call("contactSales", "POST", "/sales/contact", owner.authorization, {
      ...request,
      companyName: "   ",
    });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().details).toEqual([{ path: "/companyName", message: "This is a required field" }]);
  });
});
