import type { components } from "@brandscope/api-client/schema";

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

/** 429 with a Retry-After header (seconds, at least 1). */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("TOO_MANY_REQUESTS", 429, message);
  }
}
