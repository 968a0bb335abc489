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
  localStorage.clear();
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

const bannerIn = (container: HTMLElement | undefined) =>
  container?.querySelector<HTMLElement>("[data-slot=subscription-banner]") ?? null;

describe("subscription banner slot", () => {
  it("keeps a dismissed banner dismissed in the subscription area, until the end date changes", async () => {
    const endDate = new Date(Date.now() + 3 * day + 60_000).toISOString();
    await render(() => json([entry("starter", "active", endDate)]));
    const banner = await waitFor(() => {
      const element = bannerIn(rendered?.container);
      if (!element) throw new Error("no banner");
      return element;
    });
    await click(getByRoleName(banner, "button", "Dismiss"));
    expect(bannerIn(rendered?.container)).toBeNull();
    expect(JSON.parse(localStorage.getItem("subscription") ?? "{}")).toEqual({
      dismissedBanner: `about_to_expire:${endDate}`,
    });
    rendered?.unmount();

    await render(() => json([entry("starter", "active", endDate)]));
    await waitFor(() => expect(rendered?.queryClient.getQueryData(["subscriptions", "list"])).toBeDefined());
    expect(bannerIn(rendered?.container)).toBeNull();
    rendered?.unmount();

    const later = new Date(Date.now() + 4 * day).toISOString();
    await render(() => json([entry("starter", "active", later)]));
    await waitFor(() => expect(bannerIn(rendered?.container)).not.toBeNull());
  });

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
