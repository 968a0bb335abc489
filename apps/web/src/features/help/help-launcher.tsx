import type { HelpModule } from "@brandscope/ui/help-panel";
import { type ComponentType, useCallback, useEffect, useState } from "react";
import { notify } from "~/lib/notify";
import { helpModuleForPath } from "./help-module";
import type { HelpPanelContentProps } from "./help-panel-content";

/*
 * The Help entry's panel (docs/product.md §2: a panel, not a route). The layout keeps only this small part; the
 * panel and its topics are a chunk of their own, fetched the first time Help opens and kept from then on.
 */
export const loadHelpPanel = () => import("./help-panel-content");

/** Open state and filter of the help panel; opening presets the filter to the module of `currentPath()`. */
export function useHelpPanel(currentPath: () => string) {
  const [state, setState] = useState<{ open: boolean; module: HelpModule }>({ open: false, module: "all" });
  const openHelp = useCallback(
    () => setState({ open: true, module: helpModuleForPath(currentPath()) }),
    [currentPath],
  );
  const onOpenChange = useCallback((open: boolean) => setState((s) => ({ ...s, open })), []);
  const onModuleChange = useCallback((module: HelpModule) => setState((s) => ({ ...s, module })), []);
  return { ...state, openHelp, onOpenChange, onModuleChange };
}

export function HelpLauncher(props: HelpPanelContentProps) {
  const { open, onOpenChange } = props;
  const [Panel, setPanel] = useState<ComponentType<HelpPanelContentProps> | null>(null);

  useEffect(() => {
    if (!open || Panel) return;
    let current = true;
    loadHelpPanel().then(
      (chunk) => {
        if (current) setPanel(() => chunk.default);
      },
      () => {
        // Offline, or a new release replaced the chunk: close, so the next click tries again.
        if (!current) return;
        onOpenChange(false);
        notify.warning("Help could not be loaded. Check your connection and try again.");
      },
    );
    return () => {
      current = false;
    };
  }, [open, Panel, onOpenChange]);

  return Panel ? <Panel {...props} /> : null;
}
