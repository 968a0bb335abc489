import { errorMessage } from "@brandscope/api-client";
import { ErrorState } from "@brandscope/ui/error-state";
import { isApiError } from "~/lib/problem";

/** A failed load with its Retry. A 404 means the brand has gone (e.g. reset elsewhere): say that instead. */
export function QueryError({
  what,
  error,
  onRetry,
  retrying,
}: {
  /** What failed to load, e.g. 'your content figures'. */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <ErrorState
      title={`We could not load ${what}`}
      message={isApiError(error, 404) ? "There is nothing here any more." : errorMessage(error)}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
