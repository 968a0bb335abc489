import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { SignInPage } from "~/features/auth/sign-in-page";
import { PublicFrame } from "~/routes/-components/public-frame";

/**
 * The sign-in page as HTML, rendered at build time (build/prerender.ts) from the components the /sign-in route
 * renders: the server sends it as the page's first paint, so a slow laptop sees the page before the app's
 * JavaScript has arrived (issue 33; docs/design-system.md "The first paint"). No social buttons (the server's
 * providers are known only when it answers; the app adds them) and no search (an e-mail or a redirect in the
 * address only fills the form once the app runs). The links only need a router to build their addresses.
 */
export function renderSignInPage(): string {
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ["/sign-in"] }),
  });
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterContextProvider router={router}>
        <PublicFrame>
          <SignInPage socialProviders={[]} />
        </PublicFrame>
      </RouterContextProvider>
    </QueryClientProvider>,
  );
}
