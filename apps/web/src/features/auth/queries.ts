import { unwrap } from "@brandscope/api-client";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const authKeys = {
  all: ["auth"] as const,
  socialProviders: () => [...authKeys.all, "social-providers"] as const,
};

/** The social sign-in providers this server has configured; the sign-in screen shows a button for each. */
export const socialProvidersOptions = () =>
  queryOptions({
    queryKey: authKeys.socialProviders(),
    queryFn: ({ signal }) => unwrap(api.GET("/auth/social/providers", { signal })),
    staleTime: 5 * 60 * 1000,
    // No buttons is a fine answer to a failure: e-mail and password still work.
    retry: false,
  });

/** The providers for a route loader: a failure means no buttons, never a broken sign-in screen. */
export function loadSocialProviders(queryClient: QueryClient) {
  return queryClient.ensureQueryData(socialProvidersOptions()).catch(() => []);
}
