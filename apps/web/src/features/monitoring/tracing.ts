import { context, propagation, trace } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { DocumentLoadInstrumentation } from "@opentelemetry/instrumentation-document-load";
import { FetchInstrumentation } from "@opentelemetry/instrumentation-fetch";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, StackContextManager, TracerProvider } from "@opentelemetry/sdk-trace";
import type { AnyRouter } from "@tanstack/react-router";
import { OtlpJsonExporter } from "./exporter";
import { traceNavigations } from "./navigations";
import { sessionTracker } from "./session";
import { BrowserSpanAttributes } from "./span-attributes";

/** docs/product.md §9: the application's name, and spans exported 50 at a time. */
const SERVICE_NAME = "Brandscope";
const BATCH_SIZE = 50;

export interface MonitoringConfig {
  endpoint: string;
  token: string | null;
}

/**
 * Browser tracing (the chunk start.ts loads only when the server names a collector): the page load, route changes
 * and the API calls, whose W3C traceparent (sent to our own origin only) makes each call and the server's work for
 * it one trace. Spans go to the collector's /v1/traces with its public token as a query parameter, since a beacon
 * carries no header.
 *
 * SDK 3.x has no web tracer provider: the TracerProvider of @opentelemetry/sdk-trace is registered by hand with
 * its StackContextManager (enough for synchronous parenthood; fetch and document-load start their own roots) and
 * the W3C propagator.
 */
export function startTracing(config: MonitoringConfig, router: AnyRouter) {
  const url = new URL(`${config.endpoint}/v1/traces`);
  if (config.token) url.searchParams.set("token", config.token);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": SERVICE_NAME }),
    spanProcessors: [
      new BrowserSpanAttributes(sessionTracker()),
      new BatchSpanProcessor({
        exporter: new OtlpJsonExporter({ url: url.href }),
        maxExportBatchSize: BATCH_SIZE,
        // Retries back off for up to a minute between tries.
        exportTimeoutMillis: 5 * 60_000,
      }),
    ],
  });
  context.setGlobalContextManager(new StackContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new DocumentLoadInstrumentation(),
      // Same-origin calls (the API) get a traceparent; no other origin does. The export itself is not traced.
      new FetchInstrumentation({ ignoreUrls: [url.href] }),
    ],
  });
  traceNavigations(router, provider.getTracer("brandscope"));
}
