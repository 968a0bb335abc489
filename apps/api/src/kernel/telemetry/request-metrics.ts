import type { Context, Histogram, Meter } from "@opentelemetry/api";
import { hrTimeToMilliseconds } from "@opentelemetry/core";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace";

/** The HTTP semantic conventions' bucket boundaries for a request's duration, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * The HTTP semantic conventions' `http.server.request.duration` histogram, taken from each request's span as it
 * ends: its count is the request rate, its buckets the latency, and `http.response.status_class` (2xx…5xx) counts
 * the errors. Keyed by route (`/api/brands/:brandId`), never by URL, so ids do not multiply the series.
 */
export class RequestMetrics implements SpanProcessor {
  private readonly duration: Histogram;

  constructor(meter: Meter) {
    this.duration = meter.createHistogram("http.server.request.duration", {
      description: "Duration of HTTP server requests",
      unit: "s",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
  }

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    if (span.instrumentationScope.name !== "@fastify/otel" || span.attributes["fastify.root"] === undefined)
      return;
    const status = Number(span.attributes["http.response.status_code"] ?? 0);
    this.duration.record(hrTimeToMilliseconds(span.duration) / 1000, {
      "http.request.method": String(span.attributes["http.request.method"] ?? "_OTHER"),
      "http.route": String(span.attributes["http.route"] ?? ""),
      "http.response.status_code": status,
      "http.response.status_class": `${Math.floor(status / 100)}xx`,
    });
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
