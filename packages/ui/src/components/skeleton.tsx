import type * as React from "react";
import { cn } from "../lib/cn";

/**
 * A placeholder block while content loads. It is decorative (hidden from assistive technology): mark the
 * region that is loading with `aria-busy` and give it a name, or add a status text beside it.
 */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("bg-muted rounded-md motion-safe:animate-pulse", className)}
      {...props}
    />
  );
}
