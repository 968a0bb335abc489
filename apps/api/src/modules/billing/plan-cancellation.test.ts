import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { postAs, runBillingHousekeeping, subscribeProfessional } from "../../../test/billing";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { subscriptions } from "../../db/schema";
import { SECOND_MS } from "../../lib/clock";
import { findCustomer } from "./customers.repo";
import { workspacePlan } from "./plan-limits";
import { isSandboxSubscriptionActive } from "./providers/sandbox-provider";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  return () => t.close();
});

const post = (operationId: string, url: string, authorization: string) =>
  postAs(t, operationId, url, authorization);

async function professional() {
  const owner = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const { endDate } = await subscribeProfessional(t, owner.authorization);
  return { owner, endDate: endDate as string };
}

const planOf = (owner: { workspaceId: string }) =>
  workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() });

async function me(authorization: string) {
  const response = await t.app.inject({ method: "GET", url: "/api/user/me", headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return response.json().subscription;
}

/** The paid month has passed (moved back rather than the clock forward, so the owner's session stays valid). */
async function endThePaidMonth(owner: { workspaceId: string }) {
  await t.database.db
    .update(subscriptions)
    .set({ endDate: new Date(t.clock.now().getTime() - SECOND_MS) })
    .where(eq(subscriptions.workspaceId, owner.workspaceId));
}

const cancel = (authorization: string) => post("cancelSubscription", "/subscriptions/cancel", authorization);
const resume = (authorization: string) => post("resumeSubscription", "/subscriptions/resume", authorization);

describe("POST /subscriptions/cancel and /resume (sandbox payments)", () => {
  it("reads cancelled from the moment of cancelling, keeps the paid limits until the end date, and resumes before it", async () => {
    const { owner, endDate } = await professional();
    const cancelled = await cancel(owner.authorization);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      type: "professional",
      status: "cancelled",
      cancelAtPeriodEnd: true,
      endDate,
    });
    expect(await me(owner.authorization)).toEqual({ type: "professional", status: "cancelled", endDate });
    // Cancelling twice answers the same.
    expect((await cancel(owner.authorization)).json()).toMatchObject({
      status: "cancelled",
      cancelAtPeriodEnd: true,
      endDate,
    });
    expect(await planOf(owner)).toMatchObject({ plan: "professional", limits: { competitorsPerBrand: 5 } });
    const resumed = await resume(owner.authorization);
    expect(resumed.json()).toMatchObject({
      type: "professional",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect(await me(owner.authorization)).toEqual({ type: "professional", status: "active", endDate });
    expect((await planOf(owner)).plan).toBe("professional");
  });

  it("holds a cancelled plan to Starter's limits from its end date on, before the housekeeping runs", async () => {
    const { owner } = await professional();
    await cancel(owner.authorization);
    await endThePaidMonth(owner);
    expect(await planOf(owner)).toMatchObject({ plan: "starter", limits: { competitorsPerBrand: 1 } });
    expect(await me(owner.authorization)).toMatchObject({ type: "professional", status: "cancelled" });
    const late = await resume(owner.authorization);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("NOTHING_TO_RESUME");
  });

  it("returns a cancelled plan to Starter's limits at its end date instead of renewing it", async () => {
    const { owner } = await professional();
    await cancel(owner.authorization);
    await endThePaidMonth(owner);
    await runBillingHousekeeping(t);
    expect(await planOf(owner)).toMatchObject({
      plan: "starter",
      limits: { competitorsPerBrand: 1 },
    });
    const [entry] = (
      await t.app.inject({
        method: "GET",
        url: "/api/subscriptions",
        headers: { authorization: owner.authorization },
      })
    ).json();
    expect(entry).toMatchObject({ type: "professional", status: "cancelled", cancelAtPeriodEnd: false });
    const customer = await findCustomer(t.database.db, {
      workspaceId: owner.workspaceId,
      provider: "sandbox",
    });
    expect(
      await isSandboxSubscriptionActive(t.database.db, { subscriptionId: customer?.subscriptionId ?? "" }),
    ).toBe(false);
    const late = await resume(owner.authorization);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("NOTHING_TO_RESUME");
  });

  it("has nothing to cancel on Starter", async () => {
    const owner = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const response = await cancel(owner.authorization);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "NOTHING_TO_CANCEL" });
  });
});
