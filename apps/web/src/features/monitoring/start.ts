import type { AnyRouter } from "@tanstack/react-router";
import { api } from "~/lib/api";

/**
 * Monitoring costs the first screen nothing: after the first render one small call asks the server whether a
 * collector is configured (GET /telemetry), and only then is the tracing code (tracing.ts, a chunk of its own)
 * loaded. Without one, nothing more is loaded or sent. A failure here never reaches the user.
 */
export function startMonitoringAfterFirstRender(router: AnyRouter) {
  const unsubscribe = router.subscribe("onRendered", () => {
    unsubscribe();
    api
      .GET("/telemetry")
      .then(async ({ data }) => {
        if (!data?.endpoint) return;
        const { startTracing } = await import("./tracing");
        startTracing({ endpoint: data.endpoint, token: data.token }, router);
      })
      .catch(() => undefined);
  });
}
