import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Route as MainLayoutRoute } from "~/routes/_app/_main";
import { mockApi, type Rendered, renderScreen, waitFor } from "../modules/test-utils";
import { filterHelpTopics, helpTopics } from "./help-topics";

/*
 * The signed-in layout's wiring: the side navigation's Help entry opens the help panel preset to the page's
 * module, the collapsed state and the colour mode persist in the `config` area.
 */
const MainLayout = MainLayoutRoute.options.component;
if (!MainLayout) throw new Error("The _main route lost its component");

let view: Rendered | undefined;
const render = async (path: string) => {
  view = await renderScreen(() => <MainLayout />, { path });
  // The router's code splitting makes the layout a lazy component: wait for its chunk.
  await waitFor(() => one("[data-slot=side-nav]"), { timeout: 10_000 });
  return view;
};

beforeEach(() => {
  localStorage.clear();
  mockApi({});
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  document.documentElement.classList.remove("dark");
});

const one = <T extends Element>(selector: string, root: ParentNode = document): T => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`Nothing matches ${selector}`);
  return found;
};
const helpButton = () => one<HTMLButtonElement>("[data-slot=side-nav-help]");
const dialog = () => one<HTMLElement>("[data-slot=help-panel]");
const shownTitles = () =>
  [...dialog().querySelectorAll("[data-slot=help-panel-topic] button")].map(
    (button) => button.querySelector("span > span")?.textContent,
  );
const pressedFilter = () =>
  dialog().querySelector("[data-slot=help-panel-filter] [data-state=on]")?.textContent;
const filterButton = (label: string) => {
  const found = [...dialog().querySelectorAll<HTMLElement>("[data-slot=help-panel-filter] button")].find(
    (button) => button.textContent === label,
  );
  if (!found) throw new Error(`No filter ${label}`);
  return found;
};

async function openHelp() {
  await act(async () => {
    helpButton().focus();
    helpButton().click();
  });
  // The panel is its own chunk: the first open waits for it.
  return waitFor(dialog, { timeout: 10_000 });
}

describe("Help", () => {
  it("is a button, not a link, and loads its panel only when opened", async () => {
    await render("/competitor");
    expect(helpButton().tagName).toBe("BUTTON");
    expect(helpButton().getAttribute("aria-expanded")).toBe("false");
    expect(document.querySelector("[data-slot=help-panel]")).toBeNull();
  });

  it("opens on the current module's topics, then every module's", async () => {
    await render("/competitor");
    await openHelp();
    expect(helpButton().getAttribute("aria-expanded")).toBe("true");
    expect(pressedFilter()).toBe("Competitors");
    expect(shownTitles()).toEqual(filterHelpTopics(helpTopics, "competitor").map((t) => t.title));

    await act(async () => filterButton("All").click());
    expect(pressedFilter()).toBe("All");
    expect(shownTitles()).toEqual(filterHelpTopics(helpTopics, "all").map((t) => t.title));

    await act(async () => filterButton("Intent").click());
    expect(shownTitles()).toEqual(filterHelpTopics(helpTopics, "intent").map((t) => t.title));
  });

  it("opens on a persona's page with the Audience filter", async () => {
    await render("/audience/3f2a/details");
    await openHelp();
    expect(pressedFilter()).toBe("Audience");
  });

  it("opens on All where the page is no module", async () => {
    await render("/dashboard");
    await openHelp();
    expect(pressedFilter()).toBe("All");
    expect(shownTitles()).toHaveLength(helpTopics.length);
  });

  it("holds focus as a modal dialog, closes on Escape and gives focus back to Help", async () => {
    const { container } = await render("/content");
    await openHelp();
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    expect(dialog().getAttribute("role")).toBe("dialog");
    // Radix hides everything else from assistive technology while the panel is open.
    expect(container.closest("[aria-hidden=true]")).not.toBeNull();

    await act(async () => {
      document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    await waitFor(() => expect(document.querySelector("[data-slot=help-panel]")).toBeNull());
    expect(helpButton().getAttribute("aria-expanded")).toBe("false");
    // Radix's focus scope gives focus back in a task after the panel unmounts.
    await waitFor(() => expect(document.activeElement).toBe(helpButton()));
  });
});

describe("navigation collapse", () => {
  it("persists in the config area and comes back on the next visit", async () => {
    await render("/content");
    const nav = () => one<HTMLElement>("[data-slot=side-nav]");
    expect(nav().dataset.collapsed).toBe("false");

    await act(async () => one<HTMLButtonElement>("[data-slot=side-nav-toggle]").click());
    expect(nav().dataset.collapsed).toBe("true");
    expect(JSON.parse(localStorage.getItem("config") ?? "{}")).toMatchObject({ navCollapsed: true });

    view?.unmount();
    await render("/content");
    expect(nav().dataset.collapsed).toBe("true");
  });

  it("starts expanded when the stored config is unreadable", async () => {
    localStorage.setItem("config", "{not json");
    await render("/content");
    expect(one<HTMLElement>("[data-slot=side-nav]").dataset.collapsed).toBe("false");
  });
});

describe("colour mode", () => {
  it("applies the stored mode to <html> and takes it away when the layout goes", async () => {
    localStorage.setItem("config", '{"colorMode":"dark"}');
    await render("/content");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    view?.unmount();
    view = undefined;
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });

  it("is chosen in the user menu and stored", async () => {
    await render("/content");
    const trigger = one<HTMLButtonElement>("[data-slot=user-menu-trigger]");
    await act(async () => {
      trigger.dispatchEvent(
        new PointerEvent("pointerdown", { bubbles: true, button: 0, pointerType: "mouse" }),
      );
    });
    const menu = await waitFor(() => one<HTMLElement>("[data-slot=user-menu-content]"));
    const item = (label: string) => {
      const found = [...menu.querySelectorAll<HTMLElement>("[role=menuitemradio]")].find(
        (element) => element.textContent === label,
      );
      if (!found) throw new Error(`No ${label} item`);
      return found;
    };
    expect(item("Light").getAttribute("aria-checked")).toBe("true");

    await act(async () => item("Dark").click());
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(JSON.parse(localStorage.getItem("config") ?? "{}")).toMatchObject({ colorMode: "dark" });
    // The choice closes the menu, like any other.
    await waitFor(() => expect(document.querySelector("[data-slot=user-menu-content]")).toBeNull());
  });
});
