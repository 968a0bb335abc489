import type { Span, Tracer } from "@opentelemetry/api";
import type { AnyRouter } from "@tanstack/react-router";

/**
 * A span per route change, from the router's decision to navigate until the new route's data is resolved, named
 * for the route (`/_app/audience`), never for its URL: ids and query strings stay out.
 */
export function traceNavigations(router: AnyRouter, tracer: Tracer) {
  let open: Span | undefined;
  router.subscribe("onBeforeNavigate", (event) => {
    if (!event.pathChanged) return;
    open?.end();
    open = tracer.startSpan("route change", {
      attributes: {
        "url.path.from": event.fromLocation?.pathname ?? "",
        "url.path": event.toLocation.pathname,
      },
    });
  });
  router.subscribe("onResolved", () => {
    if (!open) return;
    const route = router.state.matches.at(-1)?.routeId;
    if (route) open.updateName(`route change ${route}`);
    open.end();
    open = undefined;
  });
}
