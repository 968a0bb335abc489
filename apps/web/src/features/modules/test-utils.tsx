/*
 * Component-test helpers for the module screens: a fresh Query cache and a memory router per render, and the
 * network mocked at the fetch level (the app's real API client runs). Test files only.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import type * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { vi } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type MockHandler = (request: Request, url: URL) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export const problem = (status: number, code = "ERROR", message = "Something failed") =>
  json({ code, message, requestId: "req-test" }, status);

export type SeenRequest = { method: string; path: string; url: URL; request: Request; body: unknown };

/**
 * Answers API calls by "METHOD /path" (path without /api, query ignored); anything else is a 501, as the
 * server answers an operation it does not implement yet. Returns the requests seen, in order, JSON bodies parsed.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, "http://localhost");
    const path = url.pathname.replace(/^\/api/, "");
    const text = request.headers.get("content-type")?.includes("json") ? await request.clone().text() : "";
    requests.push({ method: request.method, path, url, request, body: text ? JSON.parse(text) : undefined });
    const exact = routes[`${request.method} ${path}`];
    const pattern = Object.entries(routes).find(([key]) => {
      const [method, template] = key.split(" ");
      if (method !== request.method || !template?.includes(":")) return false;
      const re = new RegExp(`^${template.replace(/:[^/]+/g, "[^/]+")}$`);
      return re.test(path);
    })?.[1];
    const handler = exact ?? pattern;
    return handler ? handler(request, url) : problem(501, "NOT_IMPLEMENTED", "Not implemented");
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    requests,
    fetchMock,
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

export type Rendered = {
  container: HTMLElement;
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
  unmount: () => void;
};

/** Renders a screen under a router (at `path`, which the screen answers) and a fresh Query cache. */
export async function renderScreen(
  screen: () => React.ReactNode,
  { path = "/", initialEntry }: { path?: string; initialEntry?: string } = {},
): Promise<Rendered> {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const rootRoute = createRootRoute({ component: Outlet });
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path, component: screen });
  const others = createRoute({
    getParentRoute: () => rootRoute,
    path: "$",
    component: () => <p>Elsewhere</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute, others]),
    history: createMemoryHistory({ initialEntries: [initialEntry ?? path] }),
  });
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>,
    );
  });
  return {
    container,
    queryClient,
    router: router as never,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Polls (inside act) until `check` stops throwing, or fails with its last error. */
export async function waitFor<T>(check: () => T, { timeout = 2000, interval = 20 } = {}): Promise<T> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeout) {
    try {
      return check();
    } catch (error) {
      last = error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, interval));
    });
  }
  throw last;
}

const textOf = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim() ?? "";

/** The element whose own text (or full text) contains `text`; the innermost such element. */
export function getByText(container: Element, text: string | RegExp): HTMLElement {
  const matches = [...container.querySelectorAll<HTMLElement>("*")].filter((element) => {
    const content = textOf(element);
    return typeof text === "string" ? content.includes(text) : text.test(content);
  });
  const innermost = matches.filter(
    (element) => !matches.some((other) => other !== element && element.contains(other)),
  );
  const found = innermost[0];
  if (!found) throw new Error(`No element with text ${String(text)}`);
  return found;
}

export const queryByText = (container: Element, text: string | RegExp) => {
  try {
    return getByText(container, text);
  } catch {
    return null;
  }
};

/** A button or link by its accessible text (its aria-label, else its text). */
export function getByRoleName(
  container: Element,
  role: "button" | "link",
  name: string | RegExp,
): HTMLElement {
  const selector = role === "button" ? "button, [role=button]" : "a[href], [role=link]";
  const found = [...container.querySelectorAll<HTMLElement>(selector)].find((element) => {
    const label = element.getAttribute("aria-label") ?? textOf(element);
    return typeof name === "string" ? label === name || textOf(element) === name : name.test(label);
  });
  if (!found) throw new Error(`No ${role} named ${String(name)}`);
  return found;
}

export const queryByRoleName = (container: Element, role: "button" | "link", name: string | RegExp) => {
  try {
    return getByRoleName(container, role, name);
  } catch {
    return null;
  }
};

export async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
}

/** Types into an input the way React sees it (the native value setter, then an input event). */
export async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** An input by its label's text. */
export function getInputByLabel(container: Element, label: string): HTMLInputElement {
  const labelElement = [...container.querySelectorAll("label")].find((element) =>
    textOf(element).startsWith(label),
  );
  if (!labelElement) throw new Error(`No label ${label}`);
  const id = labelElement.getAttribute("for");
  const input = id ? container.ownerDocument.getElementById(id) : labelElement.querySelector("input");
  if (!(input instanceof HTMLInputElement)) throw new Error(`No input for ${label}`);
  return input;
}

export const activeBrand = {
  id: "3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
  name: "Lumora Coffee",
  website: "https://lumora.coffee",
  country: "GB",
  industry: "food-beverage",
  logo: null,
  sample: false,
  status: "active",
  statusReason: null,
  socialLinks: [],
  createdAt: "2026-11-01T09:00:00.000Z",
} as const;

export const provenance = {
  source: "csv_import",
  sourceName: "meta-facebook-posts",
  dataAsOf: "2026-11-20T18:00:00.000Z",
  computedAt: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
  stale: false,
} as const;
