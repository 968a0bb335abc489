import { afterEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  json,
  mockApi,
  problem,
  queryByText,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { SubscriptionBannerSlot } from "./subscription-banner-slot";

const notify = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/notify", () => ({ notify }));
const upgrade = vi.hoisted(() => ({ open: vi.fn(), available: true }));
vi.mock("../billing/upgrade-modal-provider", () => ({ useUpgradeModal: () => upgrade }));

const day = 24 * 60 * 60 * 1000;
const entry = (type: string, status: string, endDate: string | null) => ({
  name: type,
  price: 0,
  productId: type,
  type,
  status,
  endDate,
});

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function render(subscriptions: () => Response, path = "/content") {
  const api = mockApi({ "GET /subscriptions": subscriptions, "GET /user/me": () => problem(401) });
  rendered = await renderScreen(SubscriptionBannerSlot, { path, initialEntry: path });
  return api;
}

describe("subscription banner slot", () => {
  it("warns in the last 5 days of the trial; Upgrade opens the upgrade modal", async () => {
    const api = await render(() =>
      json([entry("starter", "active", new Date(Date.now() + 3 * day + 60_000).toISOString())]),
    );
    const banner = await waitFor(() => {
      const element = rendered?.container.querySelector("[data-slot=subscription-banner]");
      if (!element) throw new Error("no banner");
      return element as HTMLElement;
    });
    expect(banner.getAttribute("data-variant")).toBe("about_to_expire");
    expect(banner.textContent).toContain("Your free trial ends in 3 days");
    await click(getByRoleName(banner, "button", "Upgrade"));
    expect(upgrade.open).toHaveBeenCalledWith("pricing");
    expect(api.calls("GET", "/subscriptions")).toHaveLength(1);
  });

  it("says expired for a deactivated Starter plan, without a dismiss button", async () => {
    await render(() => json([entry("starter", "deactivated", new Date(Date.now() - day).toISOString())]));
    const banner = await waitFor(() => {
      const element = rendered?.container.querySelector("[data-variant=expired]");
      if (!element) throw new Error("no banner");
      return element as HTMLElement;
    });
    expect(queryByText(banner, "Your free trial has ended.")).not.toBeNull();
    expect(banner.querySelector("[aria-label=Dismiss]")).toBeNull();
  });

  it("card_expired leads to the profile with Update", async () => {
    await render(() => json([entry("professional", "payment-error", null)]));
    const banner = await waitFor(() => {
      const element = rendered?.container.querySelector("[data-variant=card_expired]");
      if (!element) throw new Error("no banner");
      return element as HTMLElement;
    });
    await click(getByRoleName(banner, "button", "Update"));
    await waitFor(() => expect(rendered?.router.state.location.pathname).toBe("/user/profile"));
  });

  it("is hidden on /user/profile", async () => {
    const api = await render(() => json([entry("starter", "deactivated", null)]), "/user/profile");
    await waitFor(() => expect(api.calls("GET", "/subscriptions")).toHaveLength(1));
    expect(rendered?.container.querySelector("[data-slot=subscription-banner]")).toBeNull();
  });

  it("shows nothing for an active paid plan", async () => {
    const api = await render(() => json([entry("professional", "active", null)]));
    await waitFor(() => expect(api.calls("GET", "/subscriptions")).toHaveLength(1));
    expect(rendered?.container.querySelector("[data-slot=subscription-banner]")).toBeNull();
  });

  it("a failure to load the subscriptions is a closable warning toast with the error text", async () => {
    await render(() => problem(503, "UNAVAILABLE", "down"));
    await waitFor(() =>
      expect(notify.warning).toHaveBeenCalledWith(
        "Service Unavailable",
        expect.objectContaining({ id: "subscriptions-failed", duration: Number.POSITIVE_INFINITY }),
      ),
    );
  });
});
