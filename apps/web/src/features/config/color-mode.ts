import { useLayoutEffect } from "react";
import { type ColorMode, readConfig, useConfig } from "./config-store";

/*
 * Light or dark (docs/product.md §4): the theme switches on a `.dark` class on <html> (packages/ui theme.css).
 * 'system' follows the operating system's setting, live. The signed-in layout owns the class: it applies the stored
 * mode as soon as its code loads and takes the class away when it unmounts (public pages and onboarding stay
 * light).
 */
const darkQuery = "(prefers-color-scheme: dark)";

const systemPrefersDark = () =>
  typeof window.matchMedia === "function" && window.matchMedia(darkQuery).matches;

export function resolveColorMode(mode: ColorMode, prefersDark: boolean): "light" | "dark" {
  if (mode === "system") return prefersDark ? "dark" : "light";
  return mode;
}

export function applyColorMode(mode: ColorMode, root: HTMLElement = document.documentElement) {
  root.classList.toggle("dark", resolveColorMode(mode, systemPrefersDark()) === "dark");
}

/** Applies what storage holds, before React renders anything: call it when the layout's module loads. */
export function applyStoredColorMode() {
  if (typeof document !== "undefined") applyColorMode(readConfig().colorMode);
}

/** Keeps <html> in the stored mode (also across tabs and OS switches) while the calling layout is mounted. */
export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const [{ colorMode }, update] = useConfig();

  useLayoutEffect(() => {
    applyColorMode(colorMode);
    if (colorMode !== "system" || typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(darkQuery);
    const follow = () => applyColorMode("system");
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [colorMode]);

  useLayoutEffect(() => () => document.documentElement.classList.remove("dark"), []);

  return [colorMode, (mode) => update({ colorMode: mode })];
}
