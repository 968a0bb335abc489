import { trace } from "@opentelemetry/api";
import pino, { type Logger } from "pino";
import type { Config } from "./config/env";

/**
 * JSON lines to stdout (what log collectors read); pretty only for a developer at a terminal. With monitoring
 * configured, a line written inside a span (a request, a job) carries its trace_id and span_id, so a log line
 * leads to its trace and back.
 */
export function createLogger(config: Pick<Config, "logLevel" | "nodeEnv" | "otel">): Logger {
  const pretty = config.nodeEnv === "development" && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: ["req.headers.authorization", "req.headers.cookie"],
    ...(config.otel ? { mixin: traceIds } : {}),
    ...(pretty ? { transport: { target: "pino-pretty" } } : {}),
  });
}

function traceIds(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
