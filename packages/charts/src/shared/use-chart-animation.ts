import { useMediaQuery } from "@brandscope/ui/use-media-query";

/** Charts animate unless the user asked the system for less motion. */
export function useChartAnimation(): boolean {
  return !useMediaQuery("(prefers-reduced-motion: reduce)");
}
