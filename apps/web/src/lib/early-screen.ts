import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouteMatch, AnyRouter } from "@tanstack/react-router";
import type { RouterContext } from "~/routes/__root";

/**
 * What a screen asks for before its guards have finished: its first data and the code that draws it (issue 17,
 * time to the first chart). A route names it as `staticData.early`, which stays in the route tree while the
 * screen's component is split off, and imports what it needs on demand so nothing lands in the entry chunk.
 */
export type EarlyStart = (queryClient: QueryClient) => void;

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    early?: EarlyStart;
  }
}

/** The router context's `loadRouteCode`: a route's split code, loaded once; a failure is left to the render. */
export function routeCodeLoader(router: AnyRouter) {
  return (routeId: string) => {
    const route = router.routesById[routeId];
    // A chunk that fails here is loaded again, with its error shown, when the router renders the route.
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  };
}

/**
 * Run by the signed-in guard (routes/_app.tsx) before it waits for GET /user/me: each matched route's code starts
 * loading and each `early` starts asking, so the session check, the screen's code and its data travel together
 * instead of one after the other. A session the server then refuses sends the user to /sign-in, and what was
 * asked meanwhile goes with the cache (router.tsx, auth.onReplaced).
 */
export function startMatchedScreens(
  matches: readonly AnyRouteMatch[],
  context: Pick<RouterContext, "queryClient" | "loadRouteCode">,
) {
  for (const match of matches) {
    context.loadRouteCode(match.routeId);
    match.staticData.early?.(context.queryClient);
  }
}
