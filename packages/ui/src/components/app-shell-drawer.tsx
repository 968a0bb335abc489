import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";
import { SideNavPlacementContext } from "./side-nav";

export interface AppShellDrawerProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nav: React.ReactNode;
  /** The top bar's menu button, which opened the drawer: focus goes back to it on close. */
  toggle: React.RefObject<HTMLButtonElement | null>;
}

/**
 * The small-screen navigation drawer of the AppShell, in its own module: the shell loads it when its menu button
 * is first reached, so the dialog's code is not part of every signed-in page's first load (issue 17).
 */
export function AppShellDrawer({ id, open, onOpenChange, nav, toggle }: AppShellDrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="app-shell-drawer-overlay"
          className="bg-overlay fixed inset-0 z-50"
        />
        <DialogPrimitive.Content
          id={id}
          data-slot="app-shell-drawer"
          aria-describedby={undefined}
          className="bg-sidebar fixed inset-y-0 left-0 z-50 flex w-74 max-w-[calc(100%-3rem)] shadow-lg outline-none"
          // The button is not a Radix Trigger (it renders before this code arrives): return focus to it here.
          onCloseAutoFocus={(event) => {
            if (!toggle.current?.isConnected) return;
            event.preventDefault();
            toggle.current.focus({ preventScroll: true });
          }}
          // A followed link closes the drawer; the page underneath changes.
          onClickCapture={(event) => {
            if ((event.target as Element).closest("a[href]")) onOpenChange(false);
          }}
        >
          <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
          <SideNavPlacementContext.Provider value="drawer">{nav}</SideNavPlacementContext.Provider>
          <DialogPrimitive.Close
            aria-label="Close navigation"
            className={cn(
              "text-muted-foreground hover:bg-sidebar-accent hover:text-foreground absolute top-6 right-3 grid size-9 place-items-center rounded-md",
              "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px] [&_svg]:size-5",
            )}
          >
            <X aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
