import type * as React from "react";

/** The frame of each auth screen inside the auth layout: a heading, a line under it, the form, a footer line. */
export function AuthScreen({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground text-sm leading-relaxed">{description}</p> : null}
      </div>
      {children}
      {footer ? <p className="text-muted-foreground text-sm">{footer}</p> : null}
    </div>
  );
}

/** A text link inside auth screens. */
export const authLinkClass = "text-primary font-medium underline-offset-4 hover:underline";
