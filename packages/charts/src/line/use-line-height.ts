import { useMediaQuery } from "@brandscope/ui/use-media-query";

export const LINE_HEIGHT_NARROW = 250;
const LINE_HEIGHT_WIDE = 400;

/**
 * 250 px under 768 px of viewport width, 400 px otherwise (docs/product.md §9); follows the viewport as it
 * resizes.
 */
export function useLineHeight(): number {
  return useMediaQuery("(min-width: 768px)", true) ? LINE_HEIGHT_WIDE : LINE_HEIGHT_NARROW;
}
