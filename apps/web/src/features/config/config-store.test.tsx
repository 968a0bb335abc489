import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyColorMode, resolveColorMode, useColorMode } from "./color-mode";
import {
  defaultConfig,
  parseConfig,
  readConfig,
  subscribeConfig,
  useConfig,
  writeConfig,
} from "./config-store";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove("dark");
});
afterEach(() => vi.unstubAllGlobals());

describe("parseConfig", () => {
  it("reads both fields", () => {
    expect(parseConfig('{"colorMode":"dark","navCollapsed":true}')).toEqual({
      colorMode: "dark",
      navCollapsed: true,
    });
  });

  it.each([
    ["nothing stored", null],
    ["an empty string", ""],
    ["bad JSON", '{"colorMode":"dark"'],
    ["an array", '["dark"]'],
    ["a number", "42"],
    ["JSON null", "null"],
  ])("falls back to the defaults for %s", (_, raw) => {
    expect(parseConfig(raw)).toEqual(defaultConfig);
  });

  it("keeps the good fields and drops the bad ones, field by field", () => {
    expect(parseConfig('{"colorMode":"sepia","navCollapsed":true}')).toEqual({
      colorMode: defaultConfig.colorMode,
      navCollapsed: true,
    });
    expect(parseConfig('{"colorMode":"system","navCollapsed":"yes"}')).toEqual({
      colorMode: "system",
      navCollapsed: false,
    });
  });
});

describe("the config area", () => {
  it("writes one JSON object under `config`, merging and keeping keys it does not know", () => {
    localStorage.setItem("config", '{"future":1,"colorMode":"dark"}');
    writeConfig({ navCollapsed: true });
    expect(JSON.parse(localStorage.getItem("config") ?? "")).toEqual({
      future: 1,
      colorMode: "dark",
      navCollapsed: true,
    });
    expect(readConfig()).toEqual({ colorMode: "dark", navCollapsed: true });
  });

  it("overwrites bad JSON on the next write", () => {
    localStorage.setItem("config", "{oops");
    expect(readConfig()).toEqual(defaultConfig);
    writeConfig({ colorMode: "system" });
    expect(JSON.parse(localStorage.getItem("config") ?? "")).toEqual({
      colorMode: "system",
      navCollapsed: false,
    });
  });

  it("returns the same object while storage is unchanged, and a new one after a change", () => {
    const first = readConfig();
    expect(readConfig()).toBe(first);
    writeConfig({ navCollapsed: true });
    expect(readConfig()).not.toBe(first);
  });

  it("is empty again after logout clears the area", () => {
    writeConfig({ colorMode: "dark" });
    localStorage.removeItem("config");
    expect(readConfig()).toEqual(defaultConfig);
  });

  it("tells subscribers about writes here and changes from other tabs", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConfig(listener);
    writeConfig({ navCollapsed: true });
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent("storage", { key: "config" }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent("storage", { key: "content" }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    writeConfig({ navCollapsed: false });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

// A layout that keeps the colour mode applied, with the setter handed out to the test.
let setMode: ((mode: "light" | "dark" | "system") => void) | undefined;
function Layout() {
  [, setMode] = useColorMode();
  const [config] = useConfig();
  return <p>{config.colorMode}</p>;
}

describe("colour mode", () => {
  it("resolves 'system' from the operating system's preference", () => {
    expect(resolveColorMode("system", true)).toBe("dark");
    expect(resolveColorMode("system", false)).toBe("light");
    expect(resolveColorMode("dark", false)).toBe("dark");
    expect(resolveColorMode("light", true)).toBe("light");
  });

  it("puts .dark on <html> for dark and takes it off for light", () => {
    applyColorMode("dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    applyColorMode("light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });

  it("follows the stored mode, the system setting live, and leaves light on unmount", async () => {
    // A controllable prefers-color-scheme.
    let prefersDark = false;
    const changeListeners = new Set<() => void>();
    vi.stubGlobal("matchMedia", (query: string) => ({
      media: query,
      get matches() {
        return query.includes("dark") && prefersDark;
      },
      addEventListener: (_: string, listener: () => void) => changeListeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => changeListeners.delete(listener),
    }));
    const html = document.documentElement.classList;

    localStorage.setItem("config", '{"colorMode":"dark"}');
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => root.render(<Layout />));
    expect(html.contains("dark")).toBe(true);

    await act(async () => setMode?.("system"));
    expect(JSON.parse(localStorage.getItem("config") ?? "").colorMode).toBe("system");
    expect(html.contains("dark")).toBe(false);
    expect(changeListeners.size).toBe(1);

    prefersDark = true;
    await act(async () => {
      for (const listener of changeListeners) listener();
    });
    expect(html.contains("dark")).toBe(true);

    await act(async () => setMode?.("light"));
    expect(html.contains("dark")).toBe(false);
    expect(changeListeners.size).toBe(0); // no longer following the system

    await act(async () => setMode?.("dark"));
    await act(async () => root.unmount());
    expect(html.contains("dark")).toBe(false);
  });
});
