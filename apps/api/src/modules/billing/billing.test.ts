import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { subscriptions } from "../../db/schema";
import { DAY_MS, SECOND_MS } from "../../lib/clock";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  return () => t.close();
});

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: "GET", url, headers: authorization ? { authorization } : {} });

describe("GET /api/subscriptions/products", () => {
  it("lists the three plans at the prices of docs/product.md §9", async () => {
    const response = await get("/api/subscriptions/products", await t.authorization());
    expectContractResponse("listProducts", response);
    const prices = response.json().map((p: { name: string; price: number }) => [p.name, p.price]);
    expect(prices).toEqual([
      ["Starter", 0],
      ["Professional", 89],
      ["Enterprise", 249],
    ]);
  });

  it("needs a signed-in caller", async () => {
    expect((await get("/api/subscriptions/products")).statusCode).toBe(401);
  });
});

describe("GET /api/subscriptions", () => {
  it("shows a new workspace's 14-day Starter trial, deactivated once it ends", async () => {
    const authorization = await t.authorization();
    const trial = await get("/api/subscriptions", authorization);
    expectContractResponse("listSubscriptions", trial);
    const [entry] = trial.json();
    expect(entry).toMatchObject({
      name: "Starter",
      price: 0,
      productId: "starter",
      type: "starter",
      status: "active",
    });
    expect(Date.parse(entry.endDate) - t.clock.now().getTime()).toBe(14 * DAY_MS);

    // The bearer lives 15 minutes, so the trial's end moves to the past instead of the clock moving on.
    await t.database.db
      .update(subscriptions)
      .set({ endDate: new Date(t.clock.now().getTime() - SECOND_MS) })
      .where(eq(subscriptions.endDate, new Date(entry.endDate)));
    const me = await get("/api/user/me", authorization);
    const ended = await get("/api/subscriptions", authorization);
    expect(ended.json()[0].status).toBe("deactivated");
    expect(me.json().subscription.status).toBe("deactivated");
  });
});
