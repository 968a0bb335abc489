import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";
import { SpinnerIcon } from "../lib/inline-icons";
import { Slot } from "../lib/slot";

export const buttonVariants = cva(
  [
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap",
    "focus-visible:ring-ring/50 transition-colors outline-none focus-visible:ring-[3px]",
    // disabled: native buttons use the attribute, links rendered through asChild use aria-disabled
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    // loading: the button stays fully visible (it is busy, not unavailable) but takes no clicks
    "aria-busy:cursor-progress aria-busy:disabled:opacity-100",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      emphasis: {
        primary: "bg-primary text-primary-foreground hover:bg-primary/90",
        secondary: "border-input bg-background text-foreground hover:bg-muted border",
        ghost: "text-foreground hover:bg-muted",
      },
      size: { sm: "h-8 px-3", md: "h-9 px-4", lg: "h-10 px-5", icon: "size-9" },
    },
    defaultVariants: { emphasis: "primary", size: "md" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    /** Busy with the action it started: shows a spinner, sets aria-busy and takes no further clicks. */
    loading?: boolean;
  };

export function Button({
  className,
  emphasis,
  size,
  asChild = false,
  loading = false,
  type,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ emphasis, size }), className);
  if (asChild) {
    return (
      <Slot data-slot="button" className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      data-slot="button"
      type={type ?? "button"}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <SpinnerIcon data-slot="button-spinner" className="animate-spin" /> : null}
      {children}
    </button>
  );
}
