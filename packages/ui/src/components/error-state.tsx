import { CircleAlert, RotateCw } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { Button } from "./button";

export type ErrorStateProps = Omit<React.ComponentProps<"div">, "title"> & {
  title?: React.ReactNode;
  /** What went wrong, in the user's words (never raw server text for a 5xx). */
  message?: React.ReactNode;
  /** Shows the 'Retry' button. */
  onRetry?: () => void;
  /** The retry is under way: the button shows a spinner and takes no clicks. */
  retrying?: boolean;
  retryLabel?: string;
};

/** Where loading failed: what happened and a way to try again. Announced as an alert when it appears. */
export function ErrorState({
  className,
  title = "Something went wrong",
  message = "We couldn't load this. Check your connection and try again.",
  onRetry,
  retrying = false,
  retryLabel = "Retry",
  ...props
}: ErrorStateProps) {
  return (
    <div
      data-slot="error-state"
      role="alert"
      className={cn(
        "flex flex-col items-center justify-center gap-4 rounded-lg border px-6 py-12 text-center",
        className,
      )}
      {...props}
    >
      <div
        data-slot="error-state-icon"
        aria-hidden="true"
        className="bg-destructive/10 text-destructive grid size-12 place-items-center rounded-full [&_svg]:size-6"
      >
        <CircleAlert />
      </div>
      <div className="flex max-w-sm flex-col gap-1.5">
        <p data-slot="error-state-title" className="text-foreground text-base font-semibold">
          {title}
        </p>
        <p data-slot="error-state-message" className="text-muted-foreground text-sm leading-relaxed">
          {message}
        </p>
      </div>
      {onRetry ? (
        <Button data-slot="error-state-retry" emphasis="secondary" loading={retrying} onClick={onRetry}>
          {retrying ? null : <RotateCw aria-hidden="true" />}
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
