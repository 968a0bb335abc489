import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Analytics change on the scale of hours; refetching on every mount would only add load and flicker.
      staleTime: 60_000,
      retry: 1,
    },
  },
});
