import { useChildMatches } from "@tanstack/react-router";
import type * as React from "react";
import { useState } from "react";

/**
 * Fades each page in over a second (docs/product.md §2 "Main layout"). Keyed by the page's match so the layout
 * around it stays mounted and only the page animates; reduced-motion users get the page at once. The page the
 * server sent prerendered (apps/web/build/prerender.ts marks #root) is on screen before the app renders it: fading
 * it in again would blink it.
 */
export function PageFade({ children }: { children: React.ReactNode }) {
  const pageId = useChildMatches({ select: (matches) => matches[0]?.id });
  const [shownAlready] = useState(() =>
    document.getElementById("root")?.dataset.prerendered ? pageId : undefined,
  );
  return (
    <div
      key={pageId}
      className={
        pageId === shownAlready
          ? "flex flex-1 flex-col"
          : "animate-fade-in flex flex-1 flex-col motion-reduce:animate-none"
      }
    >
      {children}
    </div>
  );
}
