import type { components } from "@brandscope/api-client/schema";
import type { AppConfig } from "../../config/env";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { pingDatabase } from "./industries.repo";

/** Ready means the database answers a query, not merely that the process is up. */
export async function checkHealth(ctx: RequestCtx): Promise<{ status: "ok" }> {
  try {
    await pingDatabase(ctx.db);
  } catch (error) {
    ctx.log.error({ err: error }, "Health check: the database does not answer");
    throw new AppError("DATABASE_UNAVAILABLE", 503, "The database is not available");
  }
  return { status: "ok" };
}

/**
 * What a browser needs to send its traces: the collector and its public ingest token, never the server's own
 * headers (OTEL_EXPORTER_OTLP_HEADERS are credentials).
 */
export function telemetryConfig(config: Pick<AppConfig, "otel">): components["schemas"]["TelemetryConfig"] {
  return { endpoint: config.otel?.endpoint ?? null, token: config.otel?.browserToken ?? null };
}
