import { Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";
import { SideNavPlacementContext } from "./side-nav";

/** From this width (Tailwind's lg, 62em) the navigation sits beside the page; below it, in a drawer. */
const railQuery = "(min-width: 62em)";

export type AppShellProps = React.ComponentProps<"div"> & {
  /**
   * The navigation, usually a <SideNav> filled with router links. It sits beside the page on wide screens and
   * in a drawer, opened by the top bar's menu button, on small ones (SideNav then shows expanded).
   */
  nav: React.ReactNode;
  /** The right-hand side of the top bar, e.g. the <UserMenu>. */
  topBar?: React.ReactNode;
  /** Above the page content, under the top bar, e.g. the <SubscriptionBanner>. */
  banner?: React.ReactNode;
  /** The drawer's open state on small screens; uncontrolled when omitted. */
  mobileNavOpen?: boolean;
  onMobileNavOpenChange?: (open: boolean) => void;
};

/** The signed-in frame: navigation, top bar, optional banner and the page. */
export function AppShell({
  className,
  nav,
  topBar,
  banner,
  mobileNavOpen,
  onMobileNavOpenChange,
  children,
  ...props
}: AppShellProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(false);
  const drawerOpen = mobileNavOpen ?? uncontrolledOpen;
  const setDrawerOpen = React.useCallback(
    (open: boolean) => {
      setUncontrolledOpen(open);
      onMobileNavOpenChange?.(open);
    },
    [onMobileNavOpenChange],
  );
  const drawerId = React.useId();

  // Growing past the breakpoint puts the navigation back beside the page: the drawer has no reason to stay.
  React.useEffect(() => {
    if (!drawerOpen) return;
    const query = window.matchMedia(railQuery);
    const close = () => {
      if (query.matches) setDrawerOpen(false);
    };
    close();
    query.addEventListener("change", close);
    return () => query.removeEventListener("change", close);
  }, [drawerOpen, setDrawerOpen]);

  return (
    <div data-slot="app-shell" className={cn("bg-background flex min-h-dvh", className)} {...props}>
      {/* The column carries the background down the whole page; the navigation inside stays in view. */}
      <div
        data-slot="app-shell-nav-column"
        className="border-sidebar-border bg-sidebar hidden shrink-0 border-r lg:block"
      >
        <div data-slot="app-shell-nav" className="sticky top-0 flex h-dvh">
          {nav}
        </div>
      </div>
      <div data-slot="app-shell-body" className="flex min-w-0 flex-1 flex-col">
        <header
          data-slot="app-shell-top-bar"
          className={cn(
            "bg-background/95 sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b px-4 backdrop-blur lg:px-10",
            !topBar && "lg:hidden",
          )}
        >
          <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogPrimitive.Trigger
              data-slot="app-shell-menu-toggle"
              aria-label="Open navigation"
              aria-controls={drawerId}
              className={cn(
                "text-foreground hover:bg-muted -ml-2 grid size-9 place-items-center rounded-md lg:hidden",
                "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px] [&_svg]:size-5",
              )}
            >
              <Menu aria-hidden="true" />
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay
                data-slot="app-shell-drawer-overlay"
                className="bg-overlay fixed inset-0 z-50"
              />
              <DialogPrimitive.Content
                id={drawerId}
                data-slot="app-shell-drawer"
                aria-describedby={undefined}
                className="bg-sidebar fixed inset-y-0 left-0 z-50 flex w-74 max-w-[calc(100%-3rem)] shadow-lg outline-none"
                // A followed link closes the drawer; the page underneath changes.
                onClickCapture={(event) => {
                  if ((event.target as Element).closest("a[href]")) setDrawerOpen(false);
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
          <div data-slot="app-shell-top-bar-content" className="flex flex-1 items-center justify-end gap-3">
            {topBar}
          </div>
        </header>
        {banner ? (
          <div data-slot="app-shell-banner" className="px-4 pt-4 lg:px-10">
            {banner}
          </div>
        ) : null}
        <main data-slot="app-shell-main" className="flex min-w-0 flex-1 flex-col">
          {children}
        </main>
      </div>
    </div>
  );
}
