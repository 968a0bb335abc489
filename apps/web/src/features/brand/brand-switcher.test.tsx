import { QueryClient } from "@tanstack/react-query";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api";
import { brandScopedKeyHash, currentBrand } from "~/lib/current-brand";
import { signOut } from "~/lib/sign-out";
import { activeBrand, json, mockApi, type Rendered, renderScreen, waitFor } from "../modules/test-utils";
import { BrandSwitcherSlot } from "./brand-switcher-slot";
import { keepKnownBrand } from "./keep-known-brand";

/*
 * The brand switcher's wiring (issue 18): the chosen brand goes to the URL, the `brand` area of localStorage, every
 * API call's X-Brand-Id and the query cache's keys.
 */
const lumora = activeBrand;
const bramble = { ...activeBrand, id: "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", name: "Bramble Tea" };
const owner = { id: "u1", email: "ines@lumora.coffee", workspace: { id: "w1", role: "owner" } };

let view: Rendered | undefined;
beforeEach(() => {
  localStorage.clear();
  currentBrand.set(undefined);
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  currentBrand.set(undefined);
});

const trigger = () => document.querySelector<HTMLButtonElement>("[data-slot=brand-switcher] button");

async function openMenu() {
  const button = await waitFor(() => {
    const found = trigger();
    if (!found) throw new Error("No switcher yet");
    return found;
  });
  await act(async () => {
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, pointerType: "mouse" }));
  });
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>("[role=menu]");
    if (!menu) throw new Error("No menu yet");
    return menu;
  });
}

describe("the brand switcher", () => {
  it("lists the brands; choosing one puts it in the URL and storage, and the next call asks for it", async () => {
    const network = mockApi({
      "GET /brands": () => json({ brands: [lumora, bramble], limit: null }),
      "GET /user/me": () => json(owner),
      "GET /content": () => json({}),
    });
    view = await renderScreen(() => <BrandSwitcherSlot />, { path: "/content" });
    const menu = await openMenu();
    expect(trigger()?.textContent).toBe("LCBrand: Lumora Coffee");
    const items = [...menu.querySelectorAll<HTMLElement>("[role=menuitemradio]")];
    expect(items.map((item) => [item.textContent, item.getAttribute("aria-checked")])).toEqual([
      ["LCLumora Coffee", "true"],
      ["BTBramble Tea", "false"],
    ]);
    expect(menu.querySelector("[role=menuitem]")?.textContent).toBe("Add a brand");

    await act(async () => items[1]?.click());
    await waitFor(() => expect(view?.router.state.location.search).toEqual({ brand: bramble.id }));
    expect(view?.router.state.location.pathname).toBe("/content");
    expect(currentBrand.get()).toBe(bramble.id);
    expect(localStorage.getItem("brand")).toBe(bramble.id);
    await waitFor(() => expect(trigger()?.textContent).toBe("BTBrand: Bramble Tea"));

    await api.GET("/content", { params: { query: { period: "30d" } } });
    expect(network.calls("GET", "/content").at(-1)?.request.headers.get("X-Brand-Id")).toBe(bramble.id);
  });

  it("shows the one brand of a one-brand plan without a menu, and offers members no adding", async () => {
    mockApi({
      "GET /brands": () => json({ brands: [lumora], limit: 1 }),
      "GET /user/me": () => json({ ...owner, workspace: { id: "w1", role: "member" } }),
    });
    view = await renderScreen(() => <BrandSwitcherSlot />, { path: "/content" });
    const switcher = await waitFor(() => {
      const found = document.querySelector("[data-slot=brand-switcher]");
      if (!found) throw new Error("No switcher yet");
      return found;
    });
    expect(switcher.textContent).toBe("LCLumora Coffee");
    expect(switcher.querySelector("button")).toBeNull();
  });
});

describe("the chosen brand", () => {
  it("keys the query cache: another brand's answer is never read, and each brand's stays cached", () => {
    const cache = new QueryClient({ defaultOptions: { queries: { queryKeyHashFn: brandScopedKeyHash } } });
    currentBrand.set(lumora.id);
    cache.setQueryData(["content", "30d"], { brand: "Lumora Coffee" });
    currentBrand.set(bramble.id);
    expect(cache.getQueryData(["content", "30d"])).toBeUndefined();
    cache.setQueryData(["content", "30d"], { brand: "Bramble Tea" });
    currentBrand.set(lumora.id);
    expect(cache.getQueryData(["content", "30d"])).toEqual({ brand: "Lumora Coffee" });
  });

  it("is forgotten when it is not one of the workspace's brands any more, and at logout", async () => {
    mockApi({ "GET /brands": () => json({ brands: [lumora], limit: null }) });
    currentBrand.set(bramble.id);
    await keepKnownBrand(new QueryClient());
    expect(currentBrand.get()).toBeUndefined();
    expect(localStorage.getItem("brand")).toBeNull();

    currentBrand.set(lumora.id);
    await keepKnownBrand(new QueryClient());
    expect(currentBrand.get()).toBe(lumora.id);
    signOut();
    expect(currentBrand.get()).toBeUndefined();
    expect(localStorage.getItem("brand")).toBeNull();
  });
});
