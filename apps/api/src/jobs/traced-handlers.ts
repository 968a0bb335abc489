import { SpanKind } from "@opentelemetry/api";
import type { JobHandler, JobHandlers, JobKind } from "../kernel/job-queue";
import { inSpan } from "../lib/tracing";

/**
 * Each job runs in a span named for its kind, the parent of its queries and fetches, so a trace shows where a
 * job's time went. Without monitoring configured the span is a no-op (lib/tracing.ts).
 */
export function tracedHandlers(handlers: JobHandlers): JobHandlers {
  const traced: Partial<Record<JobKind, JobHandler<JobKind>>> = {};
  for (const kind of Object.keys(handlers) as JobKind[]) {
    const handler = handlers[kind] as JobHandler<JobKind>;
    traced[kind] = (data, job) =>
      inSpan(
        `job ${kind}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            "messaging.system": "pg-boss",
            "messaging.destination.name": kind,
            "job.retry": job.retryCount,
          },
        },
        () => handler(data, job),
      );
  }
  // Every kind was copied above, each with its own handler's payload type.
  return traced as JobHandlers;
}
