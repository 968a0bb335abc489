import { useChildMatches } from "@tanstack/react-router";
import type * as React from "react";

/**
 * Fades each page in over a second (docs/product.md §2 "Main layout"). Keyed by the page's match so the layout
 * around it stays mounted and only the page animates; reduced-motion users get the page at once.
 */
export function PageFade({ children }: { children: React.ReactNode }) {
  const pageId = useChildMatches({ select: (matches) => matches[0]?.id });
  return (
    <div key={pageId} className="animate-fade-in flex flex-1 flex-col motion-reduce:animate-none">
      {children}
    </div>
  );
}
