import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { Auth } from "~/lib/auth";
import { Notifications } from "~/lib/notify";
import { NotFoundPage } from "./-components/not-found-page";

export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
  /** Starts loading a route's code before the router needs it (lib/early-screen.ts). */
  loadRouteCode: (routeId: string) => void;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      {/* One place for toasts on every screen: success messages and docs/product.md §8's closable warnings. */}
      <Notifications />
    </>
  );
}
