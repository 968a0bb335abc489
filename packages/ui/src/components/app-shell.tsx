import { Menu } from "lucide-react";
import * as React from "react";
import { cn } from "../lib/cn";
import { useOnDemand } from "../lib/use-on-demand";

// The drawer's code (Radix Dialog) comes when the menu button is first reached, not with every page (issue 17).
const importDrawer = () => import("./app-shell-drawer").then((module) => module.AppShellDrawer);

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
  const toggle = React.useRef<HTMLButtonElement>(null);
  const [Drawer, loadDrawer] = useOnDemand(importDrawer);

  // Opened by the button before its code arrived, or by the caller: the drawer shows once it has.
  React.useEffect(() => {
    if (drawerOpen) loadDrawer();
  }, [drawerOpen, loadDrawer]);

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
          <button
            ref={toggle}
            type="button"
            data-slot="app-shell-menu-toggle"
            aria-label="Open navigation"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            className={cn(
              "text-foreground hover:bg-muted -ml-2 grid size-9 place-items-center rounded-md lg:hidden",
              "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px] [&_svg]:size-5",
            )}
            onPointerEnter={loadDrawer}
            onFocus={loadDrawer}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </button>
          {Drawer ? (
            <Drawer id={drawerId} open={drawerOpen} onOpenChange={setDrawerOpen} nav={nav} toggle={toggle} />
          ) : null}
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
