import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";

export const logoVariants = cva("text-foreground inline-flex items-center font-semibold tracking-tight", {
  variants: {
    size: {
      sm: "gap-1.5 text-base [&_[data-slot=logo-mark]]:size-5",
      md: "gap-2 text-xl [&_[data-slot=logo-mark]]:size-7",
      lg: "gap-3 text-3xl [&_[data-slot=logo-mark]]:size-10",
    },
    // Only the motion-safe variant animates: people who ask for reduced motion see a still logo.
    pulse: { true: "motion-safe:animate-pulse", false: "" },
  },
  defaultVariants: { size: "md", pulse: false },
});

/** The lens with its spark. Always decorative: name the link or button that holds it instead. */
export function LogoMark({ className, ...props }: React.ComponentProps<"svg">) {
  return (
    <svg
      data-slot="logo-mark"
      viewBox="0 0 32 32"
      fill="none"
      aria-hidden="true"
      className={cn("text-primary size-7 shrink-0", className)}
      {...props}
    >
      <circle cx="14" cy="18" r="10" stroke="currentColor" strokeWidth="3" />
      <path
        fill="currentColor"
        d="M25.5 1.5c.5 3.3 1.7 4.5 5 5-3.3.5-4.5 1.7-5 5-.5-3.3-1.7-4.5-5-5 3.3-.5 4.5-1.7 5-5Z"
      />
    </svg>
  );
}

export type LogoProps = React.ComponentProps<"span"> & VariantProps<typeof logoVariants>;

/** The mark beside the wordmark "Brandscope". */
export function Logo({ className, size, pulse, ...props }: LogoProps) {
  return (
    <span data-slot="logo" className={cn(logoVariants({ size, pulse }), className)} {...props}>
      <LogoMark />
      <span data-slot="logo-wordmark">Brandscope</span>
    </span>
  );
}
