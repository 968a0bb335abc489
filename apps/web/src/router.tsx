import { createRouter } from "@tanstack/react-router";
import { auth } from "./lib/auth";
import { routeCodeLoader } from "./lib/early-screen";
import { queryClient } from "./lib/query-client";
import { NotFoundPage } from "./routes/-components/not-found-page";
import { routeTree } from "./routeTree.gen";

export const router = createRouter({
  routeTree,
  // The router is read when a guard asks, by then assigned.
  context: { queryClient, auth, loadRouteCode: (routeId) => routeCodeLoader(router)(routeId) },
  defaultPreload: "intent",
  // Query owns freshness; a loader always asks it rather than trusting the router's own cache.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
});

// Guards trust a stored session only once GET /user/me has vouched for it (docs/product.md §4). Loaded on demand: a
// signed-out visitor (the sign-in screen, with its 150 KB budget) never needs it.
auth.setSessionCheck((session) =>
  import("./features/auth/session").then(
    ({ confirmWithServer }) => confirmWithServer(session),
    // The check's code could not load (a new release replaced it): keep the stored session, as before the check.
    () => session,
  ),
);

// A session that ends on its own (its refresh failed, or another tab signed out) must leave protected
// screens: re-running the guards sends the user to /sign-in and remembers where they were. A sign-in made in
// another tab leads /sign-in into the app the same way, and what was cached for an earlier user is gone.
auth.onReplaced(() => {
  queryClient.clear();
  void router.invalidate();
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
