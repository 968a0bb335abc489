import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { currentBrand } from "~/lib/current-brand";

/**
 * Shows another brand: the choice is stored first (the API client and the query cache read it), then the URL takes
 * it, so the page's loaders already ask for the new brand and a reload or a shared link keeps it.
 */
export function useSwitchBrand() {
  const navigate = useNavigate();
  return useCallback(
    (brandId: string, to?: "/dashboard") => {
      currentBrand.set(brandId);
      void navigate({ ...(to ? { to } : { to: "." }), search: (prev) => ({ ...prev, brand: brandId }) });
    },
    [navigate],
  );
}
