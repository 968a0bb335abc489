import { NarrowScreenNotice } from "@brandscope/ui/narrow-screen-notice";
import { useMediaQuery } from "@brandscope/ui/use-media-query";
import type * as React from "react";

/** docs/product.md §9: below 1024 px the app asks for a laptop or desktop instead of squeezing its charts. */
export function WideScreenOnly({ children }: { children: React.ReactNode }) {
  const wide = useMediaQuery("(min-width: 1024px)");
  return wide ? children : <NarrowScreenNotice />;
}
