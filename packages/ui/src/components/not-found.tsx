import type * as React from "react";
import { cn } from "../lib/cn";
import { Logo } from "./logo";

export type NotFoundProps = React.ComponentProps<"div"> & {
  /** The way back, e.g. a router link; ui stays router-free. */
  action?: React.ReactNode;
};

export function NotFound({ className, action, ...props }: NotFoundProps) {
  return (
    <div
      data-slot="not-found"
      className={cn(
        "bg-background flex min-h-dvh flex-col items-center justify-center gap-6 px-6 py-12 text-center",
        className,
      )}
      {...props}
    >
      <Logo size="sm" />
      <div className="flex flex-col gap-2">
        <p className="text-primary text-sm font-semibold tabular-nums">404</p>
        <h1 className="text-foreground text-3xl font-semibold tracking-tight">Not Found Page</h1>
        <p className="text-muted-foreground max-w-sm text-sm leading-relaxed">
          There is nothing at this address. It may have moved, or the link may be mistyped.
        </p>
      </div>
      {action}
    </div>
  );
}
