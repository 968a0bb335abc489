import { useCallback, useSyncExternalStore } from "react";
import type { StoredArea } from "~/lib/stored-state";

/*
 * The app's own preferences (docs/product.md §7's `config` local-storage area): the colour mode and whether the
 * navigation is collapsed. One JSON object; the reader keeps what it recognises and falls back field by field, so a
 * value from an older release, edited by hand or cut short never breaks the layout. Logout clears the area.
 */
const AREA = "config" satisfies StoredArea;

export const colorModes = ["light", "dark", "system"] as const;
export type ColorMode = (typeof colorModes)[number];

export type AppConfig = { colorMode: ColorMode; navCollapsed: boolean };

export const defaultConfig: AppConfig = { colorMode: "light", navCollapsed: false };

const isColorMode = (value: unknown): value is ColorMode =>
  typeof value === "string" && (colorModes as readonly string[]).includes(value);

function parseObject(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** What storage holds, made safe: unknown or malformed fields take their defaults. */
export function parseConfig(raw: string | null): AppConfig {
  const stored = parseObject(raw);
  return {
    colorMode: isColorMode(stored.colorMode) ? stored.colorMode : defaultConfig.colorMode,
    navCollapsed: typeof stored.navCollapsed === "boolean" ? stored.navCollapsed : defaultConfig.navCollapsed,
  };
}

// When storage refuses to write (privacy mode, quota), `memory` keeps this tab's choices instead.
let memory: string | null = null;
let storageFailed = false;

function readRaw(): string | null {
  if (storageFailed) return memory;
  try {
    return localStorage.getItem(AREA);
  } catch {
    storageFailed = true;
    return memory;
  }
}

// useSyncExternalStore needs the same object back while nothing changed.
let snapshot: { raw: string | null; value: AppConfig } | undefined;
const listeners = new Set<() => void>();

export function readConfig(): AppConfig {
  const raw = readRaw();
  if (snapshot && snapshot.raw === raw) return snapshot.value;
  const value = parseConfig(raw);
  // The area also keeps the monitoring session (features/monitoring/session.ts): its writes change no preference.
  const same =
    snapshot && (Object.keys(value) as (keyof AppConfig)[]).every((k) => value[k] === snapshot?.value[k]);
  snapshot = { raw, value: same && snapshot ? snapshot.value : value };
  return snapshot.value;
}

/** Merges `patch` into the stored object (other keys survive) and tells every subscriber. */
export function writeConfig(patch: Partial<AppConfig>) {
  const next = JSON.stringify({ ...parseObject(readRaw()), ...readConfig(), ...patch });
  memory = next;
  try {
    localStorage.setItem(AREA, next);
  } catch {
    storageFailed = true; // Not remembered across visits, but this tab follows the choice through `memory`.
  }
  for (const listener of listeners) listener();
}

export function subscribeConfig(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it (or logged out).
  const onStorage = (event: StorageEvent) => {
    if (event.key === AREA || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The stored preferences, re-rendering on change, and a setter that merges. */
export function useConfig(): [AppConfig, (patch: Partial<AppConfig>) => void] {
  const config = useSyncExternalStore(subscribeConfig, readConfig, () => defaultConfig);
  const update = useCallback((patch: Partial<AppConfig>) => writeConfig(patch), []);
  return [config, update];
}
