import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now; re-renders when that changes (a resize, a zoom, a rotation, the user's
 * motion or colour settings). `serverValue` answers where there is no window (server rendering).
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
