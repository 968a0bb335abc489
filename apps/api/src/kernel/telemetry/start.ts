import FastifyOtel from "@fastify/otel";
import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { register as registerImportHooks } from "import-in-the-middle/register-hooks.mjs";
import type { OtelConfig } from "../../config/env";
import { redactUrl } from "../../lib/redact-url";
import { RequestMetrics } from "./request-metrics";

/** The application name (docs/operations.md "Monitoring"), on every span and metric. */
export const SERVICE_NAME = "Brandscope";
/** How often the metrics are sent. */
const METRICS_INTERVAL_MS = 30_000;

export interface Telemetry {
  /** Sends what is still buffered, then stops: the last step of a shutdown. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing and metrics, sent as OTLP/HTTP JSON to the configured collector. main.ts calls it only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and before it loads the app: node-postgres is patched as it is imported.
 *
 * Spans: each HTTP request (@fastify/otel, continuing the caller's W3C traceparent), each PostgreSQL query inside
 * one, each outbound fetch (undici's for the connectors; lib/safe-fetch.ts makes its own) and each job
 * (jobs/traced-handlers.ts). Metrics: the request duration histogram (request-metrics.ts). Log lines carry the
 * trace and span ids (logger.ts). No URL is recorded with its secrets (lib/redact-url.ts), and no header at all.
 */
export function startTelemetry(otel: OtelConfig): Telemetry {
  const resource = resourceFromAttributes({ "service.name": SERVICE_NAME });
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${otel.endpoint}/v1/metrics`, headers: otel.headers }),
        exportIntervalMillis: METRICS_INTERVAL_MS,
      }),
    ],
  });
  const tracerProvider = new TracerProvider({
    resource,
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${otel.endpoint}/v1/traces`, headers: otel.headers }),
      }),
      new RequestMetrics(meterProvider.getMeter("brandscope")),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);

  // The app is ESM: node-postgres is patched as it is imported, through import-in-the-middle's loader hook.
  registerImportHooks({ include: ["pg", "pg-pool"] });
  registerInstrumentations({
    instrumentations: [
      // Queries outside a request or job (pg-boss polling every second) would each be a trace of their own.
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({
        // The connectors' APIs take keys and tokens in the query string.
        startSpanHook: (request) => {
          const url = new URL(request.path, request.origin);
          return { "url.full": redactUrl(url.href), "url.query": redactUrl(url.search) };
        },
      }),
      new FastifyOtel({
        registerOnInitialization: true,
        instrumentHooks: false,
        requestHook: (span, request) => {
          span.updateName(`${request.method} ${request.routeOptions.url ?? ""}`.trim());
          // An invitation link or an OpenID callback carries its secret in the query string.
          span.setAttribute("url.path", redactUrl(request.url));
        },
      }),
    ],
    tracerProvider,
    meterProvider,
  });

  return {
    async shutdown() {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
