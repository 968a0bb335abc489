import type { QueryClient } from "@tanstack/react-query";
import { preloadDoughnutChart } from "../modules/charts";
import { storedPeriod } from "../modules/period";
import { brandOptions } from "../modules/queries";
import { contentOptions } from "./queries";

/**
 * What the content screen first waits for, asked for as soon as its route matches rather than once its code has
 * arrived and rendered: the brand, then (when the brand gate will show the module) the figures of the period it
 * opens on, and the doughnut's code. The screen's own queries then find them in the cache. Errors are left to
 * the screen, which asks again and says what failed.
 */
export function preloadContent(queryClient: QueryClient) {
  void preloadDoughnutChart().catch(() => undefined);
  void queryClient
    .fetchQuery(brandOptions())
    .then((brand) => {
      if (!brand || brand.status === "pending" || brand.status === "in-progress") return;
      return queryClient.prefetchQuery(contentOptions(storedPeriod("content")));
    })
    .catch(() => undefined);
}
