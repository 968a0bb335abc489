import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const importKeys = {
  all: ["imports"] as const,
};

/** The websites' list; each connector's key is the kit's (connector-calls.ts connectorKey). */
export const connectorKeys = {
  websites: ["connectors", "websites"] as const,
};

/** While the channels are being read, look again every few seconds: the status changes by itself. */
const READING_POLL_MS = 3_000;

/** GET /connectors/websites: the brand's and its competitors' websites as sources of articles. */
export const websiteSourcesOptions = () =>
  queryOptions({
    queryKey: connectorKeys.websites,
    queryFn: ({ signal }) => unwrap(api.GET("/connectors/websites", { signal })),
    refetchInterval: (query) =>
      query.state.data?.websites.some((w) => w.status === "reading") ? READING_POLL_MS : false,
  });

/** GET /brand/imports: the workspace's imports, newest first. */
export const importsOptions = () =>
  queryOptions({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET("/brand/imports", { signal })),
  });
