import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const brandingKeys = { all: ["branding"] as const };

/** The workspace's logo and accent, and whether its plan applies them (GET /workspace/branding). */
export const brandingOptions = () =>
  queryOptions({
    queryKey: brandingKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET("/workspace/branding", { signal })),
  });
