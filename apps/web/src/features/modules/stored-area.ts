import { useCallback, useSyncExternalStore } from "react";
import type { StoredArea } from "~/lib/stored-state";

/*
 * A module's remembered choices (period, selected competitor, filters) live in its own local-storage area
 * (docs/product.md §7: content, competitor, audience, influencer, intent), as one JSON object. Writes merge into the
 * object, so keys written by other screens of the same area survive. Logout clears every area (stored-state.ts).
 */
type AreaState = Record<string, unknown>;

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same object back while nothing changed.
const snapshots = new Map<StoredArea, { raw: string | null; value: AreaState }>();

function parse(raw: string | null): AreaState {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as AreaState) : {};
  } catch {
    return {};
  }
}

export function readArea(area: StoredArea): AreaState {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(area);
  } catch {
    // Storage unavailable (privacy mode): the module works with defaults.
  }
  const cached = snapshots.get(area);
  if (cached && cached.raw === raw) return cached.value;
  const value = parse(raw);
  snapshots.set(area, { raw, value });
  return value;
}

export function writeArea(area: StoredArea, patch: AreaState) {
  const next = { ...readArea(area), ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
  try {
    localStorage.setItem(area, JSON.stringify(next));
  } catch {
    // Not remembered, but the screen still follows the choice through the listeners below.
    snapshots.set(area, { raw: JSON.stringify(next), value: next });
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * One key of an area, with a reader that validates what storage holds (it may be from an older release or
 * edited by hand): `read` returns undefined for anything unusable, and the fallback applies.
 */
export function useStoredValue<T>(
  area: StoredArea,
  key: string,
  read: (stored: unknown) => T | undefined,
  fallback: T,
): [T, (next: T | undefined) => void] {
  const stored = useSyncExternalStore(subscribe, () => readArea(area)[key]);
  const value = read(stored) ?? fallback;
  const set = useCallback((next: T | undefined) => writeArea(area, { [key]: next }), [area, key]);
  return [value, set];
}
