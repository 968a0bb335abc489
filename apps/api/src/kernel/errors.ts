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

/** A refusal that says when to try again: answered with a Retry-After header (seconds, at least 1). */
export class RetryLaterError extends AppError {
  constructor(
    code: string,
    statusCode: number,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, statusCode, message);
  }
}

/** 429: this caller tried too often. */
export class RateLimitError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super("TOO_MANY_REQUESTS", 429, message, retryAfterSeconds);
  }
}

/** 503: the server is at its limit for this kind of work, whoever asks. */
export class BusyError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super("SERVER_BUSY", 503, message, retryAfterSeconds);
  }
}

/**
 * Not a failure: the figures asked for are being computed by a job (docs/analytics-methods.md §7). Answered 202
 * with the contract's FiguresComputing body and a Retry-After header, on the operations that declare it.
 */
export class BeingComputed extends Error {
  override name = "BeingComputed";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * Text trimmed, or a 400 naming the field when only spaces were sent: the contract's minLength counts spaces, so a
 * name of spaces passes it and would be stored empty.
 */
export function requiredText(value: string, path: string, message = "This is a required field"): string {
  const trimmed = value.trim();
  if (!trimmed) throw new AppError("VALIDATION_FAILED", 400, message, [{ path, message }]);
  return trimmed;
}
