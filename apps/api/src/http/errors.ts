import type { components } from "@brandscope/api-client/schema";
import type { OperationInfo } from "./handler-types";

export type ErrorBody = components["schemas"]["Error"];
export type ErrorDetail = NonNullable<ErrorBody["details"]>[number];

/** A failure a caller should see: its status, a stable code and a message fit to show the user. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

/** The one answer of every operation that a later issue builds. */
export function notImplemented(req: { operation: OperationInfo }): Promise<never> {
  return Promise.reject(
    new AppError("NOT_IMPLEMENTED", 501, `${req.operation.summary} is not available yet`),
  );
}

/** 429 with a Retry-After header (seconds, at least 1). */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("TOO_MANY_REQUESTS", 429, message);
  }
}
