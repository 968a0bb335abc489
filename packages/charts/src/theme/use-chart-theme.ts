import type { PartialTheme } from "@nivo/theming";
import { useSyncExternalStore } from "react";
import { resolveColor } from "./resolve-color";

export interface ChartTheme {
  /** Handed to every nivo chart: text, axes, grid and labels in the design system's tokens. */
  nivo: PartialTheme;
  /** Concrete colours of the semantic tokens, for what the charts draw themselves. */
  tokens: Readonly<Record<Token, string>>;
  /** Any CSS colour (`var(--network-facebook)`, `oklch(…)`) as a concrete colour in the current mode. */
  resolve: (css: string) => string;
}

const TOKENS = [
  "background",
  "card",
  "foreground",
  "muted",
  "muted-foreground",
  "border",
  "primary",
] as const;

type Token = (typeof TOKENS)[number];

// The whole colour state: a snapshot is rebuilt only when one of these changes.
const WATCHED = [...TOKENS, ...Array.from({ length: 8 }, (_, i) => `chart-${i + 1}`), "network-facebook"].map(
  (name) => `--${name}`,
);

function readWatchedValues(): string {
  const style = getComputedStyle(document.documentElement);
  return WATCHED.map((name) => style.getPropertyValue(name).trim()).join("|");
}

function buildTheme(resolve: (css: string) => string): ChartTheme {
  const tokens = Object.fromEntries(TOKENS.map((token) => [token, resolve(`var(--${token})`)])) as Record<
    Token,
    string
  >;
  const text = { fill: tokens["muted-foreground"], fontFamily: "inherit", fontSize: 12 };
  return {
    tokens,
    resolve,
    nivo: {
      background: "transparent",
      text,
      axis: {
        domain: { line: { stroke: tokens.border, strokeWidth: 1 } },
        ticks: { line: { stroke: tokens.border, strokeWidth: 1 }, text },
        legend: { text: { ...text, fill: tokens.foreground } },
      },
      grid: { line: { stroke: tokens.border, strokeWidth: 1 } },
      crosshair: { line: { stroke: tokens["muted-foreground"], strokeWidth: 1, strokeOpacity: 0.6 } },
      labels: { text: { ...text, fill: tokens.foreground, fontWeight: 600 } },
    },
  };
}

function createTheme(): ChartTheme {
  const cache = new Map<string, string>();
  return buildTheme((css) => {
    let resolved = cache.get(css);
    if (resolved === undefined) {
      resolved = resolveColor(css);
      cache.set(css, resolved);
    }
    return resolved;
  });
}

// Before the browser (server render, tests without a DOM): the tokens themselves, which SVG understands.
const serverTheme = buildTheme((css) => css);

let snapshot: { key: string; theme: ChartTheme } | undefined;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | undefined;

function getSnapshot(): ChartTheme {
  if (!snapshot) snapshot = { key: readWatchedValues(), theme: createTheme() };
  return snapshot.theme;
}

function refresh() {
  const key = readWatchedValues();
  if (snapshot?.key === key) return;
  snapshot = { key, theme: createTheme() };
  for (const listener of listeners) listener();
}

function startWatching(): () => void {
  // The app and Storybook switch modes by toggling `.dark` (or inline variables) on <html>.
  const observer = new MutationObserver(refresh);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
  const scheme = window.matchMedia("(prefers-color-scheme: dark)");
  scheme.addEventListener("change", refresh);
  return () => {
    observer.disconnect();
    scheme.removeEventListener("change", refresh);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stopWatching ??= startWatching();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopWatching?.();
    stopWatching = undefined;
    // Nobody is watching any more: the next chart to mount reads the page afresh.
    snapshot = undefined;
  };
}

/**
 * The chart theme in concrete colours, read from the CSS variables through getComputedStyle and read again
 * whenever the colour mode changes (`.dark` on <html> or the system scheme). Shared by every chart on the page.
 */
export function useChartTheme(): ChartTheme {
  return useSyncExternalStore(subscribe, getSnapshot, () => serverTheme);
}
