import type * as React from "react";
import { cn } from "../lib/cn";
import { Logo } from "./logo";

/** Shown instead of the app on screens too narrow for its tables and charts. */
export function NarrowScreenNotice({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="narrow-screen-notice"
      className={cn(
        "bg-background flex min-h-dvh flex-col items-center justify-center gap-6 px-6 py-12 text-center",
        className,
      )}
      {...props}
    >
      <Logo />
      <div className="flex max-w-sm flex-col gap-2">
        <h1 className="text-foreground text-xl font-semibold">Brandscope needs a bigger screen</h1>
        <p className="text-muted-foreground text-sm leading-relaxed">
          Its charts and tables need room. Please open Brandscope on a laptop or desktop computer.
        </p>
      </div>
    </div>
  );
}
