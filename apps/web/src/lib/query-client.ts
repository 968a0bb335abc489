import { QueryClient } from "@tanstack/react-query";
import { brandScopedKeyHash } from "./current-brand";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Analytics change on the scale of hours; refetching on every mount would only add load and flicker.
      staleTime: 60_000,
      retry: 1,
      queryKeyHashFn: brandScopedKeyHash,
    },
  },
});
