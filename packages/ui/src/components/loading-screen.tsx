import type * as React from "react";
import { cn } from "../lib/cn";
import { Logo } from "./logo";

export type LoadingScreenProps = React.ComponentProps<"div"> & {
  /** What assistive technology announces while this shows. */
  label?: string;
};

/** Covers the whole viewport with the pulsing logo while the app works out where the user belongs. */
export function LoadingScreen({ className, label = "Loading Brandscope", ...props }: LoadingScreenProps) {
  return (
    <div
      data-slot="loading-screen"
      role="status"
      aria-label={label}
      className={cn("bg-background fixed inset-0 z-50 grid place-items-center", className)}
      {...props}
    >
      <Logo size="lg" pulse aria-hidden />
    </div>
  );
}
