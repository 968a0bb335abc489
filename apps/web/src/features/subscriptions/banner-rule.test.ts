import { describe, expect, it } from "vitest";
import {
  bannerFor,
  EXPIRY_WARNING_MS,
  isPlanRunning,
  planInForce,
  type SubscriptionState,
} from "./banner-rule";

const now = new Date("2026-03-01T12:00:00.000Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
const starter = (
  endDate: string | null,
  status: SubscriptionState["status"] = "active",
): SubscriptionState => ({
  type: "starter",
  status,
  endDate,
});

describe("bannerFor", () => {
  it("shows nothing without a subscription", () => {
    expect(bannerFor(undefined, now)).toBeNull();
    expect(bannerFor(null, now)).toBeNull();
  });

  it("shows nothing for a Starter trial with more than 5 days left", () => {
    expect(bannerFor(starter(at(EXPIRY_WARNING_MS + 1)), now)).toBeNull();
    expect(bannerFor(starter(at(10 * 24 * 3600 * 1000)), now)).toBeNull();
  });

  it("warns exactly 5 days before the end date, with the end date for the remaining-time text", () => {
    const endDate = at(EXPIRY_WARNING_MS);
    expect(bannerFor(starter(endDate), now)).toEqual({
      variant: "about_to_expire",
      endsAt: new Date(endDate),
    });
  });

  it("warns with 1 millisecond left", () => {
    expect(bannerFor(starter(at(1)), now)?.variant).toBe("about_to_expire");
  });

  it("says expired when no time is left (0) or the end date has passed", () => {
    expect(bannerFor(starter(at(0)), now)).toEqual({ variant: "expired" });
    expect(bannerFor(starter(at(-1000)), now)).toEqual({ variant: "expired" });
  });

  it("says expired for a Starter plan that is not active, whatever its end date", () => {
    expect(bannerFor(starter(at(EXPIRY_WARNING_MS * 3), "deactivated"), now)).toEqual({ variant: "expired" });
    expect(bannerFor(starter(null, "cancelled"), now)).toEqual({ variant: "expired" });
    expect(bannerFor(starter(at(1000), "payment-error"), now)).toEqual({ variant: "expired" });
  });

  it("shows nothing for an open-ended active Starter plan", () => {
    expect(bannerFor(starter(null), now)).toBeNull();
  });

  it("says card_expired for a paid plan with status payment-error", () => {
    for (const type of ["professional", "enterprise"] as const) {
      expect(bannerFor({ type, status: "payment-error", endDate: at(1000) }, now)).toEqual({
        variant: "card_expired",
      });
    }
  });

  it("shows nothing for a paid plan that is active, whatever its end date", () => {
    expect(bannerFor({ type: "professional", status: "active", endDate: at(1000) }, now)).toBeNull();
    expect(bannerFor({ type: "professional", status: "active", endDate: at(-1000) }, now)).toBeNull();
  });

  it("shows a cancelled paid plan with the day it ends, and one that has ended without a date", () => {
    const endDate = at(20 * 24 * 3600 * 1000);
    const cancelled = { type: "professional", status: "cancelled", endDate } as const;
    // /user/me's subscription carries no cancelAtPeriodEnd: the end date alone says whether it still runs.
    expect(bannerFor(cancelled, now)).toEqual({ variant: "cancelled", endsAt: new Date(endDate) });
    expect(isPlanRunning(cancelled, now)).toBe(true);
    expect(planInForce(cancelled, now)).toBe("professional");
    const ended = { ...cancelled, endDate: at(-1000) };
    expect(bannerFor(ended, now)).toEqual({ variant: "cancelled" });
    expect(isPlanRunning(ended, now)).toBe(false);
    expect(planInForce(ended, now)).toBe("starter");
    expect(bannerFor({ ...cancelled, endDate: null }, now)).toEqual({ variant: "cancelled" });
    expect(bannerFor({ type: "professional", status: "active", endDate }, now)).toBeNull();
    // A granted Enterprise plan runs to its date without a banner.
    expect(bannerFor({ type: "enterprise", status: "active", endDate }, now)).toBeNull();
  });
});
