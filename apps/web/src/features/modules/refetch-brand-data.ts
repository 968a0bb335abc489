import type { QueryClient } from "@tanstack/react-query";
import { userKeys } from "../user/queries";
import { brandKeys } from "./queries";

/**
 * After the brand's data changed (another brand connected, an import added or removed, a correction): every cached
 * figure is fetched again. The reference lists, the user and the brand as just stored (each mutation puts the
 * answer in the cache, or the brand itself did not change) are kept.
 */
export function refetchBrandData(queryClient: QueryClient) {
  const [brandRoot, current] = brandKeys.current();
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [root, sub] }) =>
      root !== "reference" && root !== userKeys.all[0] && !(root === brandRoot && sub === current),
  });
}
