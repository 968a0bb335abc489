import { hashKey, type QueryKey } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * The brand the app shows, one value for the API client (its `X-Brand-Id`), the query cache and the brand
 * switcher. The URL's `brand` search parameter sets it (a shared link opens that brand), and the last choice is
 * kept in the `brand` area of localStorage (docs/product.md §7), so a reload without the parameter keeps it.
 * Undefined: the workspace's newest brand, which is what the server answers for then.
 */
const AREA = "brand";
const listeners = new Set<() => void>();

function stored(): string | undefined {
  try {
    return localStorage.getItem(AREA) ?? undefined;
  } catch {
    return undefined;
  }
}

let current = stored();

export const currentBrand = {
  get: (): string | undefined => current,
  set(brandId: string | undefined) {
    if (brandId === current) return;
    current = brandId;
    try {
      if (brandId) localStorage.setItem(AREA, brandId);
      else localStorage.removeItem(AREA);
    } catch {
      // Private mode without storage: the choice lasts until the tab closes.
    }
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useCurrentBrand = () => useSyncExternalStore(currentBrand.subscribe, currentBrand.get);

/**
 * The query cache's key hash: every cached answer belongs to the brand current when it was asked for, so a
 * switch never shows another brand's figures, and switching back finds its own still cached.
 */
export const brandScopedKeyHash = (queryKey: QueryKey) => hashKey([current ?? null, ...queryKey]);
