import { useCallback, useSyncExternalStore } from "react";

/** Whether the media query matches now; re-renders when that changes (viewport resize, user settings). */
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

/** Charts animate unless the user asked the system for less motion. */
export function useChartAnimation(): boolean {
  return !useMediaQuery("(prefers-reduced-motion: reduce)");
}
