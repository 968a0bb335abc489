import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";
import { Slot } from "../lib/slot";

export const badgeVariants = cva(
  [
    "inline-flex w-fit shrink-0 items-center gap-1 rounded-md border font-medium whitespace-nowrap",
    "[&>svg]:pointer-events-none [&>svg]:size-3",
  ],
  {
    variants: {
      tone: {
        neutral: "bg-muted text-muted-foreground border-transparent",
        info: "bg-secondary text-secondary-foreground border-transparent",
        success: "border-success/30 bg-success/10 text-success-strong",
        warning: "border-warning/40 bg-warning/15 text-warning-strong",
        error: "border-destructive/30 bg-destructive/10 text-destructive-strong",
        outline: "text-foreground border-border",
      },
      size: { sm: "h-5 px-1.5 text-xs", md: "h-6 px-2 text-xs" },
    },
    defaultVariants: { tone: "neutral", size: "md" },
  },
);

export type BadgeProps = React.ComponentProps<"span"> &
  VariantProps<typeof badgeVariants> & { asChild?: boolean };

/** A short status word such as 'Active'. Its tone supports the word; the word carries the meaning. */
export function Badge({ className, tone, size, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ tone, size }), className)} {...props} />;
}
