import type { QueryClient } from "@tanstack/react-query";
import { currentBrand } from "~/lib/current-brand";
import { brandListOptions } from "./queries";

/**
 * A stored or linked brand that is not one of the workspace's (removed since, or another workspace's link) is
 * forgotten, so the screens show the newest brand instead of the server's 404. Without a choice nothing is asked.
 */
export async function keepKnownBrand(queryClient: QueryClient) {
  const chosen = currentBrand.get();
  if (!chosen) return;
  const { brands } = await queryClient.ensureQueryData(brandListOptions());
  if (!brands.some((brand) => brand.id === chosen)) currentBrand.set(undefined);
}
