import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  getInputByLabel,
  json,
  mockApi,
  problem,
  queryByText,
  type Rendered,
  renderScreen,
  type as typeInto,
  waitFor,
} from "../modules/test-utils";
import { UpgradeModalProvider, useUpgradeModal } from "./upgrade-modal-provider";

const products = [
  {
    productId: "starter",
    type: "starter",
    name: "Starter",
    title: "Starter",
    description: "Explore",
    price: 0,
    currency: "USD",
    chargeType: "per_month",
    featureInfo: "Includes:",
    features: ["1 brand"],
    actionText: null,
    actionUrl: null,
  },
  {
    productId: "professional",
    type: "professional",
    name: "Professional",
    title: "Professional",
    description: "Grow",
    price: 89,
    currency: "USD",
    chargeType: "per_month",
    featureInfo: "Everything in Starter, plus:",
    features: ["5 competitors"],
    actionText: "Upgrade",
    actionUrl: null,
  },
  {
    productId: "enterprise",
    type: "enterprise",
    name: "Enterprise",
    title: "Enterprise",
    description: "Scale",
    price: 249,
    currency: "USD",
    chargeType: "per_month",
    featureInfo: "Everything in Professional, plus:",
    features: ["SSO"],
    actionText: "Contact sales",
    actionUrl: null as string | null,
  },
];

const me = {
  id: "0b9d3f5e-2c1a-4b7e-9f10-3a6c8d2e4f01",
  email: "maya@lumora.coffee",
  status: "confirmed",
  firstName: "Maya",
  lastName: "Okafor",
  phone: "+44 20 7946 0000",
  company: "Lumora Coffee",
  businessType: "b2c",
  country: "GB",
  industry: "food-beverage",
  profilePicture: null,
  subscription: { type: "starter", status: "active", endDate: "2026-12-05T00:00:00.000Z" },
  defaultIndustry: null,
  defaultCountry: null,
  isFirstTime: false,
  workspace: { id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", name: "Lumora", role: "owner" },
};

function Opener() {
  const upgrade = useUpgradeModal();
  return (
    <button type="button" onClick={() => upgrade.open()}>
      Open plans
    </button>
  );
}

function Screen() {
  return (
    <UpgradeModalProvider>
      <Opener />
    </UpgradeModalProvider>
  );
}

let rendered: Rendered | undefined;
beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const dialog = () => {
  const element = document.body.querySelector<HTMLElement>("[role=dialog]");
  if (!element) throw new Error("no dialog");
  return element;
};

function baseRoutes(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /subscriptions/products": () => json(products),
    "GET /subscriptions": () =>
      json([{ name: "Starter", price: 0, productId: "starter", ...me.subscription }]),
    "GET /user/me": () => json(me),
    "GET /countries": () => json([{ id: "GB", label: "United Kingdom" }]),
    "GET /industries": () => json([{ id: "food-beverage", label: "Food and beverage" }]),
    "POST /subscriptions/intent": () =>
      json({ clientSecret: "seti_1", provider: "sandbox", publishableKey: null }),
    ...overrides,
  });
}

async function openPricing() {
  rendered = await renderScreen(Screen);
  await click(getByRoleName(rendered.container, "button", "Open plans"));
  // The dialog's code is loaded lazily: on a loaded machine its first load outlasts the default 2 s.
  return waitFor(
    () => {
      const element = dialog();
      if (element.querySelectorAll("article").length !== 3) throw new Error("cards not yet");
      return element;
    },
    { timeout: 10_000 },
  );
}

async function fillCheckout(card = "4242 4242 4242 4242") {
  const element = dialog();
  await typeInto(getInputByLabel(element, "Address line 1"), "1 Bean Street");
  await typeInto(getInputByLabel(element, "City"), "London");
  await typeInto(getInputByLabel(element, "Postal code"), "E1 6AN");
  await typeInto(getInputByLabel(element, "Card number"), card);
  await typeInto(getInputByLabel(element, "Expiry (MM/YY)"), "12/40");
  await typeInto(getInputByLabel(element, "CVC"), "123");
}

describe("upgrade modal", () => {
  it("shows the plans with 'Active' on the current one; Starter has no button", async () => {
    baseRoutes();
    const element = await openPricing();
    expect(element.querySelector("h2")?.textContent).toBe("Pricing");
    expect(queryByText(element, "Sign up to take your business to the next level")).not.toBeNull();
    const [starter, professional, enterprise] = [...element.querySelectorAll("article")];
    await waitFor(() => expect(starter?.textContent).toContain("Active"));
    expect(starter?.querySelector("button")).toBeNull();
    expect(professional?.textContent).not.toContain("Active");
    expect(professional?.querySelector("button")?.textContent).toBe("Upgrade");
    expect(enterprise?.querySelector("button")?.textContent).toBe("Contact sales");
  });

  it("Enterprise with a contact URL opens it in a new tab and closes the dialog", async () => {
    const withUrl = products.map((product) =>
      product.type === "enterprise" ? { ...product, actionUrl: "https://sales.example/contact" } : product,
    );
    baseRoutes({ "GET /subscriptions/products": () => json(withUrl) });
    const element = await openPricing();
    const link = getByRoleName(element, "link", "Contact sales");
    expect(link.getAttribute("href")).toBe("https://sales.example/contact");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    link.addEventListener("click", (event) => event.preventDefault());
    await click(link);
    await waitFor(() => expect(document.body.querySelector("[role=dialog]")).toBeNull());
  });

  it("Enterprise without a contact URL opens the 'Talk to sales' form, whose Save waits for a valid form", async () => {
    baseRoutes();
    const element = await openPricing();
    await click(getByRoleName(element, "button", "Contact sales"));
    await waitFor(() => expect(dialog().querySelector("h2")?.textContent).toBe("Talk to sales"));
    expect(dialog().getAttribute("data-size")).toBe("medium");
    const save = getByRoleName(dialog(), "button", "Save");
    expect(save.hasAttribute("disabled")).toBe(true);
    await typeInto(getInputByLabel(dialog(), "Your role"), "Head of marketing");
    // Sector and Category are still empty.
    expect(getByRoleName(dialog(), "button", "Save").hasAttribute("disabled")).toBe(true);
  });

  it("checkout: Subscribe waits for both forms, then runs the sequence and closes", async () => {
    const api = baseRoutes({
      "POST /subscriptions/sandbox/confirm-setup": () => json({ paymentMethodId: "pm_1" }),
      "POST /subscriptions/customers/payment-methods": () =>
        json({ id: "pm_1", brand: "visa", last4: "4242", expMonth: 12, expYear: 2040, isDefault: true }, 201),
      "POST /subscriptions": () =>
        json(
          {
            name: "Professional",
            price: 89,
            productId: "professional",
            type: "professional",
            status: "active",
            endDate: null,
          },
          201,
        ),
      "GET /subscriptions/customers/payment-methods": () => json([]),
    });
    const element = await openPricing();
    await click(getByRoleName(element, "button", "Upgrade"));
    await waitFor(() => expect(dialog().querySelector("h2")?.textContent).toBe("Checkout"));
    expect(dialog().getAttribute("data-size")).toBe("wide");
    const summary = dialog().querySelector("[data-slot=checkout-summary]");
    await waitFor(() => expect(summary?.textContent).toContain("Sales taxN/A"));
    expect(summary?.textContent).toContain("Sub total$89");
    expect(summary?.textContent).toContain("Total$89");
    expect(summary?.textContent).toContain("Single user");
    expect(summary?.textContent).toContain("Monthly");
    const subscribe = await waitFor(() => getByRoleName(dialog(), "button", "Subscribe"));
    expect(subscribe.hasAttribute("disabled")).toBe(true);
    await fillCheckout();
    await waitFor(() =>
      expect(getByRoleName(dialog(), "button", "Subscribe").hasAttribute("disabled")).toBe(false),
    );
    await click(getByRoleName(dialog(), "button", "Subscribe"));
    await waitFor(() => expect(document.body.querySelector("[role=dialog]")).toBeNull());
    const posts = api.requests.filter((request) => request.method === "POST").map((request) => request.path);
    expect(posts).toEqual([
      "/subscriptions/intent",
      "/subscriptions/intent",
      "/subscriptions/sandbox/confirm-setup",
      "/subscriptions/customers/payment-methods",
      "/subscriptions",
    ]);
    const confirm = api.calls("POST", "/subscriptions/sandbox/confirm-setup")[0];
    expect(await confirm?.request.clone().json()).toEqual({
      clientSecret: "seti_1",
      cardNumber: "4242424242424242",
      expMonth: 12,
      expYear: 2040,
      cvc: "123",
    });
    expect(await api.calls("POST", "/subscriptions")[0]?.request.clone().json()).toEqual({
      productId: "professional",
    });
  });

  it("checkout: a declined card shows the provider's message and Subscribe works again", async () => {
    const api = baseRoutes({
      "POST /subscriptions/sandbox/confirm-setup": () =>
        problem(402, "CARD_DECLINED", "Your card was declined."),
    });
    const element = await openPricing();
    await click(getByRoleName(element, "button", "Upgrade"));
    await waitFor(() => getByRoleName(dialog(), "button", "Subscribe"));
    await fillCheckout("4000 0000 0000 0002");
    await waitFor(() =>
      expect(getByRoleName(dialog(), "button", "Subscribe").hasAttribute("disabled")).toBe(false),
    );
    await click(getByRoleName(dialog(), "button", "Subscribe"));
    await waitFor(() =>
      expect(dialog().querySelector("[role=alert]")?.textContent).toBe("Your card was declined."),
    );
    expect(getByRoleName(dialog(), "button", "Subscribe").hasAttribute("disabled")).toBe(false);
    expect(api.calls("POST", "/subscriptions/customers/payment-methods")).toHaveLength(0);
  });

  it("checkout: an invalid card number stops before any call", async () => {
    const api = baseRoutes();
    const element = await openPricing();
    await click(getByRoleName(element, "button", "Upgrade"));
    await waitFor(() => getByRoleName(dialog(), "button", "Subscribe"));
    await fillCheckout("4242 4242 4242 4241");
    expect(getByRoleName(dialog(), "button", "Subscribe").hasAttribute("disabled")).toBe(true);
    expect(api.calls("POST", "/subscriptions/sandbox/confirm-setup")).toHaveLength(0);
  });
});
