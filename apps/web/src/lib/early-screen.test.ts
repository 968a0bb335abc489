import { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeBrand, json, mockApi, waitFor } from "~/features/modules/test-utils";
import { routeTree } from "~/routeTree.gen";
import { type AuthSession, auth } from "./auth";
import { routeCodeLoader } from "./early-screen";

const login = {
  idToken: "id-token",
  accessToken: "access-token",
  refreshToken: "refresh-token",
  isFirstTime: false,
  email: "maya@example.com",
  status: "confirmed",
} as const;

/** The app's own route tree at `path`, with a session check the test answers when it chooses. */
function appRouterAt(path: string) {
  let answer: (session: AuthSession | null) => void = () => undefined;
  auth.setSessionCheck(() => new Promise((resolve) => (answer = resolve)));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, auth, loadRouteCode: (routeId) => routeCodeLoader(router)(routeId) },
  });
  return { router, queryClient, answerSessionCheck: (session: AuthSession | null) => answer(session) };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  auth.clear();
  vi.unstubAllGlobals();
});

describe("a signed-in screen's first data", () => {
  it("is asked for while the session check is still waiting for the server (/content: brand, then figures)", async () => {
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /content": () => json({ window: { from: "2026-08-28", to: "2026-11-25" } }),
    });
    auth.signIn(login);
    const { router, answerSessionCheck } = appRouterAt("/content");

    const loading = router.load();

    // The route's preload is imported on demand: on a loaded machine that import outlasts the default 2 s.
    await waitFor(() => expect(api.calls("GET", "/content")).toHaveLength(1), { timeout: 10_000 });
    expect(api.calls("GET", "/brand")).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/content");
    answerSessionCheck(auth.get());
    await loading;
  });

  it("is not asked for without a stored session: the visitor goes to sign in", async () => {
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /auth/social/providers": () => json({ providers: [] }),
    });
    const { router } = appRouterAt("/content");

    await router.load();

    expect(router.state.location.pathname).toBe("/sign-in");
    // Only what the sign-in screen itself asks for.
    expect(api.requests.map((request) => request.path)).toEqual(["/auth/social/providers"]);
  });
});
