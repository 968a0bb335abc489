import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

/**
 * The OpenTelemetry API only: without a tracer provider (OTEL_EXPORTER_OTLP_ENDPOINT unset, kernel/telemetry not
 * started) its tracer is a no-op that records and sends nothing.
 */
const tracer = trace.getTracer("brandscope");

/**
 * Runs `work` inside a span of its own, the active one for what it calls (database queries, fetches, log lines),
 * ended when it settles; a failure marks the span as an error and is rethrown as it was.
 */
export function inSpan<T>(
  name: string,
  o: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(
    name,
    { kind: o.kind ?? SpanKind.INTERNAL, attributes: o.attributes },
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
