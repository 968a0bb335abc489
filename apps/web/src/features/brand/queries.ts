import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const brandListKeys = {
  all: ["brands"] as const,
};

/** GET /brands: the workspace's brands, newest first, and how many the plan allows (null: no limit). */
export const brandListOptions = () =>
  queryOptions({
    queryKey: brandListKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET("/brands", { signal })),
  });
