import { type components, unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export type ExportDataset = components["schemas"]["ExportDataset"];

/*
 * Kept small on purpose: onboarding's route imports these from its always-loaded part, so whatever this file
 * holds ships with every screen (sign-in included). Mutations and exports live in their own files.
 */

/** The workspace's brand. Onboarding writes it; every module reads it through the brand gate. */
export const brandKeys = {
  all: ["brand"] as const,
  current: () => [...brandKeys.all, "current"] as const,
  sourceHealth: () => [...brandKeys.all, "source-health"] as const,
};

/** While data is collected, look again now and then so the modules open by themselves once it is ready. */
const COLLECTING_POLL_MS = 15_000;

export const brandOptions = () =>
  queryOptions({
    queryKey: brandKeys.current(),
    queryFn: ({ signal }) => unwrap(api.GET("/brand", { signal })).then((response) => response.brand),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "pending" || status === "in-progress" ? COLLECTING_POLL_MS : false;
    },
  });

/** Where each of the brand's live sources stands: the modules say why when every one failed. */
export const sourceHealthOptions = () =>
  queryOptions({
    queryKey: brandKeys.sourceHealth(),
    queryFn: ({ signal }) => unwrap(api.GET("/connectors/health", { signal })),
  });
