import * as React from "react";
// Type only: the modal's code itself is loaded on demand below.
import type { UpgradeSection } from "./upgrade-modal";

type UpgradeModalContextValue = {
  /** Opens the upgrade modal on a section; pricing by default. */
  open: (section?: UpgradeSection) => void;
  /** False outside an UpgradeModalProvider (a component rendered on its own, in a test). */
  available: boolean;
};

const UpgradeModalContext = React.createContext<UpgradeModalContextValue>({
  open: () => undefined,
  available: false,
});

// The modal, its forms and the card provider load on first open: nothing of billing rides in the main chunk.
const loadUpgradeModal = () => import("./upgrade-modal");
const UpgradeModal = React.lazy(loadUpgradeModal);

/** The one upgrade modal of the signed-in layout; anything under it opens it with `useUpgradeModal().open()`. */
export function UpgradeModalProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = React.useState<{ open: boolean; section: UpgradeSection; opening: number }>({
    open: false,
    section: "pricing",
    opening: 0,
  });
  const open = React.useCallback((section: UpgradeSection = "pricing") => {
    setState((current) => ({ open: true, section, opening: current.opening + 1 }));
  }, []);
  const value = React.useMemo(() => ({ open, available: true }), [open]);
  return (
    <UpgradeModalContext.Provider value={value}>
      {children}
      {state.opening > 0 ? (
        <React.Suspense fallback={null}>
          <UpgradeModal
            // A fresh modal (pricing first, empty forms) on every opening.
            key={state.opening}
            open={state.open}
            initialSection={state.section}
            onOpenChange={(next) => setState((current) => ({ ...current, open: next }))}
          />
        </React.Suspense>
      ) : null}
    </UpgradeModalContext.Provider>
  );
}

export function useUpgradeModal() {
  return React.useContext(UpgradeModalContext);
}

/** Starts loading the modal's code (e.g. on hover of an Upgrade button), so the first open is instant. */
export function preloadUpgradeModal() {
  void loadUpgradeModal();
}
