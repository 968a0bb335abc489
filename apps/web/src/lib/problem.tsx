import { ApiError, errorMessage } from "@brandscope/api-client";
import type * as React from "react";

/**
 * The text to show for a failed call inside a form. For a 4xx answer that is what the server said (its `message`
 * is written for the user: "Incorrect email or password", "Too many attempts…"), rather than the catalogue's bare
 * "Bad Request"; everything else (5xx, no response) keeps the docs/product.md §8 catalogue text and never raw
 * server text.
 */
export function problemText(error: unknown): string {
  if (error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500) {
    return error.serverMessage ?? error.message;
  }
  return errorMessage(error);
}

/** True when the call was answered with this status (and, when given, this error code). */
export function isApiError(error: unknown, status: number, code?: string): error is ApiError {
  return error instanceof ApiError && error.status === status && (code === undefined || error.code === code);
}

/**
 * A form's own problem, under its fields: what the server answered to the submit. Announced when it appears; the
 * form keeps everything typed.
 */
export function FormProblem({
  error,
  children,
}: {
  error?: unknown;
  /** Overrides the text derived from `error`, e.g. with a link to act on it. */
  children?: React.ReactNode;
}) {
  if (!error && !children) return null;
  const text = problemText(error);
  // A refused field (VALIDATION_FAILED) comes with what was wrong with each: docs/product.md §5's words for the
  // password.
  const details =
    error instanceof ApiError && error.status === 400
      ? [...new Set(error.details?.map((detail) => detail.message))].filter((message) => message !== text)
      : [];
  return (
    <div
      role="alert"
      data-slot="form-problem"
      className="border-destructive/40 bg-destructive/5 text-destructive-strong flex flex-col gap-1 rounded-md border px-3 py-2.5 text-sm"
    >
      {children ?? text}
      {children || details.length === 0 ? null : (
        <ul className="list-disc pl-5">
          {details.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
