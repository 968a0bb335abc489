import { buttonVariants } from "@brandscope/ui/button";
import { cn } from "@brandscope/ui/cn";
import { createLink } from "@tanstack/react-router";
import type { VariantProps } from "class-variance-authority";
import type * as React from "react";

type ButtonAnchorProps = React.ComponentProps<"a"> & VariantProps<typeof buttonVariants>;

function ButtonAnchor({ className, emphasis, size, ...props }: ButtonAnchorProps) {
  return <a data-slot="button" className={cn(buttonVariants({ emphasis, size }), className)} {...props} />;
}

/** A router link that looks like a ui Button: typed routes and preloading, while ui stays router-free. */
export const ButtonLink = createLink(ButtonAnchor);
