/*
 * Component-test helpers for onboarding (test files only): the module screens' renderer (a fresh Query cache and a
 * memory router per render), and the network mocked at the fetch level, so the app's real API client, forms and
 * schemas run.
 */
import type * as React from "react";
import { act } from "react";
// The helpers the module screens' tests use as they are; onboarding adds its own below.
import { json, type Rendered as ModuleRendered, renderScreen, waitFor } from "../modules/test-utils";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export { click, getByText, json, mockApi, queryByText, waitFor } from "../modules/test-utils";

export const problem = (status: number, message: string, code = "ERROR") =>
  json({ code, message, requestId: "req-test" }, status);

export const countries = [
  { id: "DE", label: "Germany", emoji: "🇩🇪" },
  { id: "GB", label: "United Kingdom", emoji: "🇬🇧" },
];
export const industries = [
  { id: "food-beverage", label: "Food & Beverage" },
  { id: "saas", label: "Software & SaaS" },
];

export const ownBrand = {
  id: "3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
  name: "Lumora Coffee",
  website: "https://lumora.coffee",
  country: "GB",
  industry: null,
  logo: null,
  sample: false,
  status: "pending",
  statusReason: null,
  socialLinks: [{ platform: "instagram", url: "https://www.instagram.com/lumoracoffee" }],
  createdAt: "2026-11-01T09:00:00.000Z",
} as const;

export type Rendered = Omit<ModuleRendered, "router"> & { pathname: () => string };

/**
 * Renders `screen` at `path` (a route pattern such as "/questionnaire/$") under a memory router, entering at
 * `initialEntry`; every other path renders "Elsewhere" (modules/test-utils.tsx renderScreen).
 */
export async function render(
  screen: () => React.ReactNode,
  options: { path?: string; initialEntry?: string } = {},
): Promise<Rendered> {
  const { router, ...rendered } = await renderScreen(screen, options);
  return { ...rendered, pathname: () => router.state.location.pathname };
}

const textOf = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim() ?? "";

/** Every text shown in alerts (field errors, form problems), in document order. */
export const alerts = (container: Element) =>
  [...container.querySelectorAll("[role=alert]")].map((element) => textOf(element));

/** An element's accessible name as far as these tests need it: aria-labelledby, aria-label, else its text. */
function nameOf(element: Element): string {
  const labelledBy = element.getAttribute("aria-labelledby");
  if (labelledBy) {
    return labelledBy
      .split(" ")
      .map((id) => element.ownerDocument.getElementById(id))
      .map((label) => (label ? textOf(label) : ""))
      .join(" ");
  }
  return element.getAttribute("aria-label") ?? textOf(element);
}

/** A button by its accessible name. */
export function getButton(container: Element, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll<HTMLButtonElement>("button")].find(
    (element) => nameOf(element) === name,
  );
  if (!found) throw new Error(`No button named ${name}`);
  return found;
}

/** The control a label names (input or select trigger), found through the label's `for`. */
export function getByLabel<T extends HTMLElement = HTMLInputElement>(
  container: Element,
  label: string,
  nth = 0,
): T {
  const labels = [...container.querySelectorAll("label")].filter((element) => textOf(element) === label);
  const id = labels[nth]?.getAttribute("for");
  const control = id ? container.ownerDocument.getElementById(id) : null;
  if (!control) throw new Error(`No control labelled ${label} (#${nth})`);
  return control as T;
}

/** Types into an input the way React sees it (the native value setter, then an input event), then leaves it. */
export async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  await act(async () => {
    input.focus();
    setter?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await act(async () => {
    input.blur();
  });
}

/** Picks an option of a (Radix) select with the keyboard, as a keyboard user would. */
export async function choose(trigger: HTMLElement, option: string) {
  await act(async () => {
    trigger.focus();
    trigger.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  });
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>("[role=option]")].find(
      (element) => textOf(element) === option,
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  await act(async () => {
    item.focus();
    item.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  });
}
