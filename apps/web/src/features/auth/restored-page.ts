import { useEffect } from "react";

/**
 * Coming back with the browser's Back button may restore a page as it was left for a sign-in provider, its button
 * still busy: `reset` (a mutation's) frees it.
 */
export function useResetOnRestore(reset: () => void) {
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [reset]);
}
