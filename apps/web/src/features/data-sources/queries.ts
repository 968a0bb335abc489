import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const importKeys = {
  all: ["imports"] as const,
};

/** GET /brand/imports: the workspace's imports, newest first. */
export const importsOptions = () =>
  queryOptions({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET("/brand/imports", { signal })),
  });
