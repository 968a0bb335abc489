import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const ssoKeys = {
  all: ["sso"] as const,
  settings: () => [...ssoKeys.all, "settings"] as const,
};

/** The workspace's single sign-on (GET /workspace/sso): owner only, Enterprise only (402 otherwise). */
export const ssoSettingsOptions = () =>
  queryOptions({
    queryKey: ssoKeys.settings(),
    queryFn: ({ signal }) => unwrap(api.GET("/workspace/sso", { signal })),
    retry: false,
  });
