import * as React from "react";

/**
 * A component whose code is fetched when first wanted (the pointer reaches its trigger, the trigger gets focus or
 * is pressed) rather than with the page: `Component` is undefined until `load` has brought it. `importer` must
 * be stable (declared at module level). A failed fetch leaves it undefined, so the next `load` tries again.
 */
export function useOnDemand<Props>(importer: () => Promise<React.ComponentType<Props>>) {
  const [Component, setComponent] = React.useState<React.ComponentType<Props>>();
  const load = React.useCallback(() => {
    importer().then(
      (loaded) => setComponent(() => loaded),
      () => undefined,
    );
  }, [importer]);
  return [Component, load] as const;
}
