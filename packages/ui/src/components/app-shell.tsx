import type * as React from "react";
import { cn } from "../lib/cn";

export type AppShellProps = React.ComponentProps<"div"> & {
  /** The side navigation; the app fills it with router links. */
  nav: React.ReactNode;
};

/** The signed-in frame: side navigation and the page beside it. */
export function AppShell({ className, nav, children, ...props }: AppShellProps) {
  return (
    <div data-slot="app-shell" className={cn("bg-background flex min-h-dvh", className)} {...props}>
      <aside
        data-slot="app-shell-nav"
        className="border-sidebar-border bg-sidebar text-sidebar-foreground sticky top-0 flex h-dvh w-74 shrink-0 flex-col border-r"
      >
        {nav}
      </aside>
      <main data-slot="app-shell-main" className="flex min-w-0 flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}
