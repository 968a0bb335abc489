import { NarrowScreenNotice } from "@brandscope/ui/narrow-screen-notice";
import type * as React from "react";
import { useMediaQuery } from "~/lib/use-media-query";

/** docs/product.md §9: below 1024 px the app asks for a laptop or desktop instead of squeezing its charts. */
export function WideScreenOnly({ children }: { children: React.ReactNode }) {
  const wide = useMediaQuery("(min-width: 1024px)");
  return wide ? children : <NarrowScreenNotice />;
}
