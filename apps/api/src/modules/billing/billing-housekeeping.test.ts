import { eq } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { subscriptions } from "../../db/schema";
import { DAY_MS, SECOND_MS } from "../../lib/clock";
import { subscriptionEntry } from "./billing.service";
import { billingHousekeepingJob } from "./billing-housekeeping.job";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  return () => t.close();
});

const run = () =>
  billingHousekeepingJob({
    db: t.database.db,
    clock: t.clock,
    config: t.config,
    log: pino({ level: "silent" }),
  });
const storedStatus = async (workspaceId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)))[0];

async function post(url: string, authorization: string, body?: unknown) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return response.json();
}

async function addCard(authorization: string, cardNumber: string) {
  const { clientSecret } = await post("/subscriptions/intent", authorization);
  const { paymentMethodId } = await post("/subscriptions/sandbox/confirm-setup", authorization, {
    clientSecret,
    cardNumber,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: "123",
  });
  await post("/subscriptions/customers/payment-methods", authorization, { paymentMethodId });
}

async function professional() {
  const owner = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  await addCard(owner.authorization, "4242424242424242");
  const entry = await post("/subscriptions", owner.authorization, { productId: "professional" });
  expect(entry.type).toBe("professional");
  return owner;
}

async function endPeriod(workspaceId: string) {
  const ended = new Date(t.clock.now().getTime() - SECOND_MS);
  await t.database.db
    .update(subscriptions)
    .set({ endDate: ended })
    .where(eq(subscriptions.workspaceId, workspaceId));
  return ended;
}

describe("billing housekeeping (scheduled every 5 minutes)", () => {
  it("records ended trials as deactivated and leaves running ones", async () => {
    const ended = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const running = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    await endPeriod(ended.workspaceId);
    await run();
    expect((await storedStatus(ended.workspaceId))?.status).toBe("deactivated");
    expect((await storedStatus(running.workspaceId))?.status).toBe("active");
    expect((await storedStatus(running.workspaceId))?.endDate?.getTime()).toBe(
      t.clock.now().getTime() + 14 * DAY_MS,
    );
  });

  it("renews a sandbox plan on its card for another month", async () => {
    const owner = await professional();
    const ended = await endPeriod(owner.workspaceId);
    await run();
    const entry = await subscriptionEntry(t.database.db, {
      workspaceId: owner.workspaceId,
      now: t.clock.now(),
    });
    expect(entry?.status).toBe("active");
    const next = new Date(ended);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(entry?.endDate).toBe(next.toISOString());
  });

  it("sets payment-error when the renewal charge is declined (test card 4000 0000 0000 0341)", async () => {
    const owner = await professional();
    // Stripe's 0341 card sets up but every charge on it fails: made the default, the renewal fails.
    await addCard(owner.authorization, "4000000000000341");
    await endPeriod(owner.workspaceId);
    await run();
    expect((await storedStatus(owner.workspaceId))?.status).toBe("payment-error");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user/me",
      headers: { authorization: owner.authorization },
    });
    expect(me.json().subscription).toMatchObject({ type: "professional", status: "payment-error" });

    // The owner adds a working card and pays again: the plan is active on a new period.
    await addCard(owner.authorization, "5555555555554444");
    const paid = await post("/subscriptions", owner.authorization, { productId: "professional" });
    expect(paid).toMatchObject({ type: "professional", status: "active" });
    expect(Date.parse(paid.endDate)).toBeGreaterThan(t.clock.now().getTime());
  });
});
