import type * as React from "react";

/** Names a screen whose content a later issue builds, so every route already shows where the user is. */
export function ScreenPlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h1 className="text-foreground text-2xl font-semibold tracking-tight">{title}</h1>
      {children ? <div className="text-muted-foreground text-sm leading-relaxed">{children}</div> : null}
    </section>
  );
}
